"""Brute forces and checks shared by the differential tests, written
independently of the extension.

    from brute import Db, Graph, Check, naive_outcome, naive_values
    db = Db()                     # cgt and its schema; db.q1, db.qall, db.load
    c = Check('name')
    c.eq('what was asked', expected, got)
    c.report(t)                   # one TAP line on a pytap.Tap
"""
import itertools
import os
import sqlite3

from pytap import connect

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'sql', 'cgt_schema.sql')


class Db:
    """A connection with cgt and its schema.  q1 and qall return an error as
    the text 'ERROR: ...', a value to compare like any other."""

    def __init__(self):
        self.conn = connect()
        with open(SCHEMA) as f:
            self.conn.executescript(f.read())

    def q1(self, sql, args=()):
        try:
            return self.conn.execute(sql, args).fetchone()[0]
        except sqlite3.Error as e:
            return 'ERROR: %s' % e

    def qall(self, sql, args=()):
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            return 'ERROR: %s' % e

    def load(self, gid, edge_rows, node_rows):
        """Stores graph gid: its edges (side NULL) and its cgt_node rows."""
        self.conn.execute('BEGIN')
        self.conn.executemany('INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES (?, ?, ?, NULL)',
                              [(gid, s, d) for s, d in edge_rows])
        self.conn.executemany('INSERT INTO cgt_node(graph_id, node) VALUES (?, ?)', [(gid, u) for u in node_rows])
        self.conn.execute('COMMIT')

    def clear(self):
        """Deletes every graph."""
        self.conn.execute('DELETE FROM cgt_edge')
        self.conn.execute('DELETE FROM cgt_node')


def typed(v):
    """v with the type of every value in it, so that == tells 1 from 1.0 and '1'."""
    if isinstance(v, (list, tuple)):
        return type(v), [typed(x) for x in v]
    return type(v), v


class Check:
    """Mismatch counter of one property, with the first mismatch kept."""

    def __init__(self, name):
        self.name, self.n, self.bad, self.first = name, 0, 0, None

    def eq(self, what, expected, got, same=None):
        """One check; what (a line or a list of lines) says which.  Without
        same: equal values of equal types, also inside lists and rows."""
        self.n += 1
        if same is None:
            same = typed(expected) == typed(got)
        if not same:
            self.bad += 1
            if self.first is None:
                self.first = list(what) if isinstance(what, list) else [what]
                self.first += ['expected: %r' % (expected,), 'got:      %r' % (got,)]
        return same

    def report(self, tap, extra=''):
        """One TAP line on tap: the name, the number of checks and extra."""
        diag = ['%d of %d checks differ; first:' % (self.bad, self.n)] + self.first if self.bad else \
            ['no checks ran'] if not self.n else []
        tap.ok(self.bad == 0 and self.n > 0, '%s (%d checks%s)' % (self.name, self.n, extra), '\n'.join(diag))


def nkey(x):
    """Total order on node ids of mixed type (ints before strings)."""
    return (1, x) if isinstance(x, str) else (0, x)


def canon(toks):
    """A multiset of token positions as a tuple sorted by nkey."""
    return tuple(sorted(toks, key=nkey))


def describe(gid, edge_rows, node_rows):
    """A graph's rows, for a diagnostic."""
    return 'graph %r: edges %s; cgt_node %r' % (gid, ' '.join('%r->%r' % e for e in edge_rows) or '(none)',
                                                 list(node_rows))


class Graph:
    """A graph as stored: edge_rows and node_rows (duplicates allowed); nodes
    sorted by nkey, moves[u] the distinct options of u sorted by nkey."""

    def __init__(self, gid, edge_rows, node_rows):
        self.gid, self.edge_rows, self.node_rows = gid, edge_rows, node_rows
        self.nodes = sorted(set(node_rows) | {x for e in edge_rows for x in e}, key=nkey)
        self.moves = {u: sorted({d for s, d in edge_rows if s == u}, key=nkey) for u in self.nodes}

    def describe(self):
        return describe(self.gid, self.edge_rows, self.node_rows)


def random_rows(rng, ids, edges):
    """The rows that store a random graph on ids: edges, some of them twice,
    and the cgt_node rows: the nodes no edge names (known only from cgt_node),
    others sometimes too, some twice.  Both lists are shuffled."""
    edges = edges + [e for e in edges if rng.random() < 0.15]
    rng.shuffle(edges)
    named = {x for e in edges for x in e}
    node_rows = [u for u in ids if u not in named or rng.random() < 0.25]
    node_rows += [u for u in node_rows if rng.random() < 0.2]
    rng.shuffle(node_rows)
    return edges, node_rows


def naive_outcome(states, moves, misere=False):
    """Normal play (or misere: a player who cannot move wins): label until no
    change.  An unlabeled state with an option labeled P is N; one all of
    whose options are labeled N (vacuously: a terminal, in normal play) is P;
    whatever is never labeled is D."""
    lab = {}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in lab:
                continue
            opts = moves[s]
            if misere and not opts:
                lab[s] = 'N'
            elif any(lab.get(t) == 'P' for t in opts):
                lab[s] = 'N'
            elif all(lab.get(t) == 'N' for t in opts):
                lab[s] = 'P'
            else:
                continue
            changed = True
    return {s: lab.get(s, 'D') for s in states}


def naive_values(states, moves):
    """Generalised Sprague-Grundy values from the explicit product with a nim
    heap *h, 0 <= h <= max out-degree + 1: an int g when s + *g is P, else
    the frozenset K = {g : s + *g is N} (the infinite value inf(K))."""
    H = max((len(moves[s]) for s in states), default=0) + 1
    pstates = [(s, h) for s in states for h in range(H + 1)]
    pmoves = {(s, h): [(t, h) for t in moves[s]] + [(s, k) for k in range(h)] for (s, h) in pstates}
    out = naive_outcome(pstates, pmoves)
    val = {}
    for s in states:
        ps = [g for g in range(H + 1) if out[(s, g)] == 'P']
        if len(ps) > 1:
            raise AssertionError('brute force: two P heaps for %r' % (s,))
        val[s] = ps[0] if ps else frozenset(g for g in range(H + 1) if out[(s, g)] == 'N')
    return val


def value_text(v):
    """A value as the extension gives it: an int, or 'inf{k1,k2,...}'."""
    return v if isinstance(v, int) else 'inf{' + ','.join(str(k) for k in sorted(v)) + '}'


def sum_graph(nodes, moves, k):
    """The explicit sum of k tokens on the graph (nodes sorted by nkey):
    states are canon multisets of positions; a move moves one token."""
    states = list(itertools.combinations_with_replacement(nodes, k))
    smoves = {}
    for s in states:
        smoves[s] = sorted({canon(s[:i] + (v,) + s[i + 1:]) for i, u in enumerate(s) for v in moves[u]},
                           key=lambda t: [nkey(x) for x in t])
    return states, smoves
