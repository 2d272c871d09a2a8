#!/usr/bin/python3
# Differential test: every graph function of the cgt extension against a
# brute force written here and in brute.py, independently of the extension,
# on a few hundred random impartial graphs (cycles, self-loops, duplicate
# rows, INTEGER and TEXT node ids, several graphs in one table), plus
# nim_sum/mex against Python, plus the known answers of the issue.
#
# The brute force is deliberately naive:
#   outcome          labelling repeated until nothing changes
#   remoteness       synchronous rounds; the round is the remoteness
#   grundy           outcome of the explicit product graph node x nim heap:
#                    gamma(u) = g iff u + *g is P; otherwise inf(K) with
#                    K = {g : u + *g is N}
#   sums             the explicit graph of multisets of token positions (and
#                    its product with a nim heap for game_sum_value)
#
# Environment: CGT_EXT, CGT_SANITIZED=1 (fewer trials: 30 random graphs, not
# 200, and 30 nim_sum/mex trials, not 400; the same lines of the extension
# run), CGT_PRELOAD (see pytap.py), CGT_SEED (seed).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, SANITIZED  # noqa: E402
import brute  # noqa: E402
from brute import Check, nkey, canon, naive_outcome, naive_values, value_text  # noqa: E402

import json  # noqa: E402
import random  # noqa: E402
import sqlite3  # noqa: E402
import time  # noqa: E402

SEED = int(os.environ.get('CGT_SEED', '20240611'))
BATCHES = 6 if SANITIZED else 40             # graphs per batch: len(GRAPH_IDS)
GRAPH_IDS = [1, 2, 'g', '2', 3]            # '2' (TEXT) and 2 are different graphs
NIM_TRIALS = 30 if SANITIZED else 400

T0 = time.time()
tap = Tap()
NOTES = []                                 # printed as # lines at the end
print('# seed %d%s' % (SEED, ' (CGT_SANITIZED: fewer trials)' if SANITIZED else ''))
sys.stdout.flush()


# ---------------------------------------------------------------- brute force

def naive_remoteness(states, moves):
    """Synchronous rounds: round r labels from the labels of rounds < r only.
    Returns state -> (outcome, remoteness or None)."""
    lab = {}
    r = 0
    while True:
        new = {}
        for s in states:
            if s in lab:
                continue
            opts = moves[s]
            if any(t in lab and lab[t][0] == 'P' for t in opts):
                new[s] = ('N', r)
            elif all(t in lab and lab[t][0] == 'N' for t in opts):
                new[s] = ('P', r)
        if not new:
            break
        lab.update(new)
        r += 1
    return {s: lab.get(s, ('D', None)) for s in states}


def naive_grundy(states, moves):
    """naive_values as the extension gives them."""
    return {s: value_text(v) for s, v in naive_values(states, moves).items()}


class Graph(brute.Graph):
    def __init__(self, gid, edge_rows, node_rows):
        super().__init__(gid, edge_rows, node_rows)
        self.outcome = naive_outcome(self.nodes, self.moves)
        self.misere = naive_outcome(self.nodes, self.moves, misere=True)
        self.rounds = naive_remoteness(self.nodes, self.moves)
        self.grundy = naive_grundy(self.nodes, self.moves)
        self._sum_out = {}
        self._sum_val = {}

    # sums: a state is a multiset of token positions, a canon tuple
    def sum_outcome(self, toks):
        k = len(toks)
        if k not in self._sum_out:
            self._sum_out[k] = naive_outcome(*brute.sum_graph(self.nodes, self.moves, k))
        return self._sum_out[k][canon(toks)]

    def sum_value(self, toks):
        k = len(toks)
        if k not in self._sum_val:
            self._sum_val[k] = naive_grundy(*brute.sum_graph(self.nodes, self.moves, k))
        return self._sum_val[k][canon(toks)]

    def winning_moves(self, toks):
        wins, draws = [], []
        for i, u in enumerate(toks):
            for v in self.moves[u]:
                after = self.sum_outcome(toks[:i] + [v] + toks[i + 1:])
                if after == 'P':
                    wins.append((i, u, v, 'win'))
                elif after == 'D':
                    draws.append((i, u, v, 'draw'))
        return wins or draws


def mex_py(xs):
    s = set(xs)
    m = 0
    while m in s:
        m += 1
    return m


def nim_py(xs):
    x = 0
    for v in xs:
        x ^= v
    return x


# ---------------------------------------------------------------- extension

db = brute.Db()
conn, q1, qall = db.conn, db.q1, db.qall
conn.execute('CREATE TEMP TABLE tok(i INTEGER PRIMARY KEY, node)')


def load_graphs(graphs):
    db.clear()
    for g in graphs:
        db.load(g.gid, g.edge_rows, g.node_rows)


def sum_query(fn, gid, toks):
    conn.execute('DELETE FROM tok')
    conn.executemany('INSERT INTO tok(node) VALUES (?)', [(t,) for t in toks])
    return q1('SELECT %s(?, node) FROM tok' % fn, (gid,))


def rowkey(r):
    return [nkey(x) if x is not None else (-1, 0) for x in r]


# ---------------------------------------------------------------- random graphs

rng = random.Random(SEED)

INT_POOL = list(range(-3, 40))
TEXT_POOL = list('abcdefghijklmnopqrstuvwxyz') + ['1', '2', '3', '10', 'node 7', 'x-y', '']
MIXED_POOL = list(range(0, 8)) + ['0', '1', '2', '3', '4', '5', 'a', 'b', 'c']


def random_graph(gid):
    n = rng.randint(1, 10)
    pool = rng.choice([INT_POOL, TEXT_POOL, MIXED_POOL])
    ids = rng.sample(pool, n)
    maxdeg = rng.randint(1, 4)
    p_loop = rng.choice([0.0, 0.1, 0.3])
    # p_back: chance of a move to any node; otherwise a move goes to a node
    # earlier in ids (acyclic), so that there are finite values and P/N sums
    # as well as draws
    p_back = rng.choice([0.0, 0.05, 0.2, 1.0])
    edges = []
    for i, u in enumerate(ids):
        for _ in range(rng.randint(0, maxdeg)):
            if rng.random() < p_loop:
                v = u
            elif i > 0 and rng.random() >= p_back:
                v = rng.choice(ids[:i])
            else:
                v = rng.choice(ids)
            edges.append((u, v))
    return Graph(gid, *brute.random_rows(rng, ids, edges))


checks = {name: Check(name + ' agrees with brute force') for name in [
    'outcome', 'remoteness', 'misere_outcome', 'grundy', 'cgt_solve', 'cgt_options', 'game_sum',
    'game_sum_value', 'winning_moves']}
checks['unknown'] = Check('an unknown node is an error naming the function, the node and the graph '
                          '(scalars, game_sum, cgt_options, winning_moves)')
selfcheck = Check('brute force is self-consistent (rounds vs fixed point, P iff grundy 0, 1-token sums)')
stats = dict.fromkeys(['nodes', 'draw nodes', 'inf{} values', 'inf{K} values, K nonempty', 'D sums',
                       'infinite sum values', 'winning_moves giving wins',
                       'winning_moves giving draws', 'winning_moves giving no rows'], 0)

OUTSIDERS = [999, 'zz', -1000, '999']


def literal(x):
    """How an error message names a node or graph: integers plainly, text quoted."""
    return "'%s'" % x.replace("'", "''") if isinstance(x, str) else str(x)


def unknown_error(fn, gid, x):
    return 'ERROR: cgt: %s: unknown node %s in graph %s' % (fn, literal(x), literal(gid))

for batch in range(BATCHES):
    graphs = [random_graph(gid) for gid in GRAPH_IDS]
    load_graphs(graphs)
    all_nodes = {u for g in graphs for u in g.nodes}
    for g in graphs:
        gid, gd = g.gid, g.describe()
        for u in g.nodes:
            a = (gid, u)
            checks['outcome'].eq([gd, 'outcome(%r, %r)' % a], g.outcome[u], q1('SELECT outcome(?, ?)', a))
            checks['remoteness'].eq([gd, 'remoteness(%r, %r)' % a], g.rounds[u][1], q1('SELECT remoteness(?, ?)', a))
            checks['misere_outcome'].eq([gd, 'misere_outcome(%r, %r)' % a], g.misere[u],
                                        q1('SELECT misere_outcome(?, ?)', a))
            checks['grundy'].eq([gd, 'grundy(%r, %r)' % a], g.grundy[u], q1('SELECT grundy(?, ?)', a))
            exp = sorted([(v, g.grundy[v], g.outcome[v], int(g.outcome[v] == 'P')) for v in g.moves[u]], key=rowkey)
            got = qall('SELECT dst, grundy, outcome, winning FROM cgt_options(?, ?)', a)
            if isinstance(got, list):
                got = sorted(got, key=rowkey)
            checks['cgt_options'].eq([gd, 'cgt_options(%r, %r)' % a], exp, got)
            # brute force against itself: synchronous rounds and fixed point
            # agree; P iff gamma 0; D iff gamma infinite without 0 in K
            gv = g.grundy[u]
            stats['nodes'] += 1
            stats['draw nodes'] += g.outcome[u] == 'D'
            stats['inf{} values'] += gv == 'inf{}'
            stats['inf{K} values, K nonempty'] += isinstance(gv, str) and gv != 'inf{}'
            o = 'P' if gv == 0 else 'N' if isinstance(gv, int) or ('{0,' in gv or '{0}' in gv) else 'D'
            selfcheck.eq([gd, 'brute force outcome/rounds/grundy of %r' % (u,)], (g.outcome[u], g.outcome[u]),
                         (g.rounds[u][0], o))
        # unknown nodes: outsiders, and nodes of other graphs of the batch
        unknown = [x for x in OUTSIDERS + sorted(all_nodes, key=nkey) if x not in g.moves]
        for x in unknown[:6]:
            a = (gid, x)
            for fn in ('grundy', 'outcome', 'remoteness', 'misere_outcome'):
                checks['unknown'].eq([gd, '%s(%r, %r)' % ((fn,) + a)], unknown_error(fn, gid, x),
                                     q1('SELECT %s(?, ?)' % fn, a))
            got = qall('SELECT * FROM cgt_options(?, ?)', a)
            checks['unknown'].eq([gd, 'cgt_options(%r, %r)' % a], unknown_error('cgt_options', gid, x),
                                 got if isinstance(got, list) else str(got))
            checks['unknown'].eq([gd, 'game_sum(%r, [%r])' % a], unknown_error('game_sum', gid, x),
                                 sum_query('game_sum', gid, [x]))
            got = qall('SELECT * FROM winning_moves(?, ?)', (gid, json.dumps([x])))
            checks['unknown'].eq([gd, 'winning_moves(%r, [%r])' % a], unknown_error('winning_moves', gid, x),
                                 got if isinstance(got, list) else str(got))
        # cgt_solve: one row per known node
        exp = sorted([(u, g.grundy[u], g.outcome[u], g.rounds[u][1], g.misere[u], len(g.moves[u]))
                      for u in g.nodes], key=rowkey)
        got = qall('SELECT node, grundy, outcome, remoteness, misere_outcome, options FROM cgt_solve(?)', (gid,))
        if isinstance(got, list):
            got = sorted(got, key=rowkey)
        checks['cgt_solve'].eq([gd, 'cgt_solve(%r)' % (gid,)], exp, got)
        # sums of tokens
        ntrials = 4 if SANITIZED else 8
        for _ in range(ntrials):
            k = rng.choice([0, 1, 2, 2, 3, 3])
            if k == 3 and len(g.nodes) > 8:
                k = 2
            toks = [rng.choice(g.nodes) for _ in range(k)]
            exp_o = g.sum_outcome(toks)
            checks['game_sum'].eq([gd, 'game_sum over %r' % (toks,)], exp_o, sum_query('game_sum', gid, toks))
            exp_v = g.sum_value(toks)
            checks['game_sum_value'].eq([gd, 'game_sum_value over %r' % (toks,)], exp_v,
                                        sum_query('game_sum_value', gid, toks))
            stats['D sums'] += exp_o == 'D'
            stats['infinite sum values'] += isinstance(exp_v, str)
            if k == 1:
                selfcheck.eq([gd, 'brute force sum of one token %r' % (toks,)], (g.outcome[toks[0]], g.grundy[toks[0]]),
                             (exp_o, exp_v))
            if k >= 1:
                exp = sorted(g.winning_moves(toks), key=rowkey)
                stats['winning_moves giving ' + (exp[0][3] + 's' if exp else 'no rows')] += 1
                js = json.dumps(toks)
                got = qall('SELECT token, src, dst, result FROM winning_moves(?, ?)', (gid, js))
                if isinstance(got, list):
                    got = sorted(got, key=rowkey)
                checks['winning_moves'].eq([gd, 'winning_moves(%r, %r)  [sum is %s]' % (gid, js, exp_o)], exp, got)
                if exp_o == 'P':
                    selfcheck.eq([gd, 'brute force: no winning/drawing move from P sum %r' % (toks,)], [], exp)

for c in checks.values():
    c.report(tap)
selfcheck.report(tap)
NOTES.append('%d random graphs in %d batches, graph ids %r in each' % (BATCHES * len(GRAPH_IDS), BATCHES,
                                                                     GRAPH_IDS))
NOTES.append('coverage: ' + ', '.join('%s %d' % kv for kv in stats.items()))

# ---------------------------------------------------------------- known answers

load_graphs([])


def known(gid, edges, nodes, expect, name):
    """Stores graph gid and checks each (description, thunk, expected) of
    expect; returns the brute force's Graph, checked separately."""
    g = Graph(gid, edges, nodes)
    db.load(gid, edges, nodes)
    diag = []
    for what, fn, exp in expect:
        got = fn()
        if got != exp or type(got) is not type(exp):
            diag.append('%s: expected %r, got %r' % (what, exp, got))
    tap.ok(not diag, name, '\n'.join(diag))
    return g


def gs(gid, toks, fn='game_sum'):
    return lambda: sum_query(fn, gid, toks)


def one(fn, gid, u):
    return lambda: q1('SELECT %s(?, ?)' % fn, (gid, u))


E1 = [(2, 3), (3, 1), (2, 2)]
g1 = Graph(10, E1, [])
known(10, E1, [], [
    ('outcome(1)', one('outcome', 10, 1), 'P'),
    ('outcome(2)', one('outcome', 10, 2), 'D'),
    ('outcome(3)', one('outcome', 10, 3), 'N'),
    ('game_sum {2,1}', gs(10, [2, 1]), 'D'),
    ('game_sum {2,2}', gs(10, [2, 2]), 'D'),
    ('game_sum {2,3}', gs(10, [2, 3]), 'N'),
    ('game_sum {1,3,1,3,1,2}', gs(10, [1, 3, 1, 3, 1, 2]), 'D'),
    ('game_sum {1,3,1,3,1,3}', gs(10, [1, 3, 1, 3, 1, 3]), 'N'),
    ('game_sum {1,3,1,3,1,1}', gs(10, [1, 3, 1, 3, 1, 1]), 'P'),
    ('game_sum {}', gs(10, []), 'P'),
], 'known answers: graph 2->3, 3->1, 2->2')
bf = [g1.outcome[1], g1.outcome[2], g1.outcome[3], g1.sum_outcome([2, 1]), g1.sum_outcome([2, 2]),
      g1.sum_outcome([2, 3]), g1.sum_outcome([1, 3, 1, 3, 1, 2]), g1.sum_outcome([1, 3, 1, 3, 1, 3]),
      g1.sum_outcome([1, 3, 1, 3, 1, 1]), g1.sum_outcome([])]
tap.ok(bf == ['P', 'D', 'N', 'D', 'D', 'N', 'D', 'N', 'P', 'P'],
       'brute force gives the known answers of graph 2->3, 3->1, 2->2', 'brute force: %r' % bf)

# a loopy node with options of values 0 and 1 (the random graphs meet such
# sets too, but not always in the shorter sanitized run)
EK = [(1, 1), (1, 2), (1, 3), (3, 2)]
gk = known('kset', EK, [], [('grundy(1)', one('grundy', 'kset', 1), 'inf{0,1}'),
                            ('game_sum_value {1, 3}', gs('kset', [1, 3], 'game_sum_value'), 'inf{0,1}')],
           'known answers: graph 1->1, 1->2, 1->3, 3->2: node 1 is inf{0,1}')
tap.is_([gk.grundy[1], gk.sum_value([1, 3])], ['inf{0,1}', 'inf{0,1}'],
        'brute force gives the known answers of graph 1->1, 1->2, 1->3, 3->2')

EF = [('c', 'd'), ('c', 'a'), ('a', 'b'), ('b', 'c'), ('d', 'e')]
gf = known('ferguson', EF, [], [
    ("grundy('e')", one('grundy', 'ferguson', 'e'), 0),
    ("grundy('d')", one('grundy', 'ferguson', 'd'), 1),
    ("grundy('c')", one('grundy', 'ferguson', 'c'), 'inf{1}'),
    ("grundy('a')", one('grundy', 'ferguson', 'a'), 'inf{}'),
    ("grundy('b')", one('grundy', 'ferguson', 'b'), 'inf{}'),
    ("outcome('a')", one('outcome', 'ferguson', 'a'), 'D'),
    ("outcome('b')", one('outcome', 'ferguson', 'b'), 'D'),
    ("outcome('c')", one('outcome', 'ferguson', 'c'), 'D'),
    ("outcome('d')", one('outcome', 'ferguson', 'd'), 'N'),
    ("outcome('e')", one('outcome', 'ferguson', 'e'), 'P'),
    ("remoteness('c')", one('remoteness', 'ferguson', 'c'), None),
    ("remoteness('d')", one('remoteness', 'ferguson', 'd'), 1),
    ("grundy('zz') (unknown)", one('grundy', 'ferguson', 'zz'),
     "ERROR: cgt: grundy: unknown node 'zz' in graph 'ferguson'"),
    ("game_sum_value {c, d}", gs('ferguson', ['c', 'd'], 'game_sum_value'), 'inf{0}'),
    ("game_sum_value {a, c}", gs('ferguson', ['a', 'c'], 'game_sum_value'), 'inf{}'),
    ("game_sum_value {d, d, e}", gs('ferguson', ['d', 'd', 'e'], 'game_sum_value'), 0),
    ("game_sum_value {}", gs('ferguson', [], 'game_sum_value'), 0),
], "known answers: Ferguson's graph c->d, c->a, a->b, b->c, d->e")
bf = [gf.grundy[x] for x in 'edcab'] + [gf.outcome[x] for x in 'abc'] + [gf.sum_value(['c', 'd']),
                                                                           gf.sum_value(['a', 'c'])]
tap.ok(bf == [0, 1, 'inf{1}', 'inf{}', 'inf{}', 'D', 'D', 'D', 'inf{0}', 'inf{}'],
       "brute force gives the known answers of Ferguson's graph", 'brute force: %r' % bf)

# graphs do not leak: the same node ids in two graphs, and graph 5 vs '5'
load_graphs([Graph(5, [(1, 2)], []), Graph('5', [(1, 1)], []), Graph(6, [], [1])])
got = [q1('SELECT outcome(5, 1)'), q1("SELECT outcome('5', 1)"), q1('SELECT outcome(6, 1)'),
       q1('SELECT outcome(7, 1)'), q1('SELECT grundy(5, 2)'), q1("SELECT grundy('5', 2)")]
tap.ok(got == ['N', 'D', 'P', 'ERROR: cgt: outcome: unknown node 1 in graph 7', 0,
              "ERROR: cgt: grundy: unknown node 2 in graph '5'"], "graphs 5, '5', 6 and unknown graph 7 are kept apart",
       'outcome(5,1), outcome(\'5\',1), outcome(6,1), outcome(7,1), grundy(5,2), grundy(\'5\',2): %r' % got)
got = [qall('SELECT * FROM cgt_solve(7)'), qall("SELECT node, outcome FROM cgt_solve('5')")]
tap.ok(got == [[], [(1, 'D')]], 'cgt_solve of an unknown graph is empty; of a TEXT graph id works', 'got %r' % got)

# the empty string is a TEXT node id like any other, also when it is the
# graph's only TEXT node (graph 22, with another TEXT node, is the control)
load_graphs([Graph(20, [], ['']), Graph(21, [(1, ''), ('', '')], []), Graph(22, [('a', ''), ('', '')], [])])
exp = [[('', 0, 'P')], [(1, 'D'), ('', 'D')], [('', 'inf{}')], [(0, 1, '', 'draw')],
       [('', 'D'), ('a', 'D')], [(0, 'a', '', 'draw')]]
got = [qall('SELECT node, grundy, outcome FROM cgt_solve(20)'),
       qall('SELECT node, outcome FROM cgt_solve(21) ORDER BY typeof(node), node'),
       qall('SELECT dst, grundy FROM cgt_options(21, 1)'),
       qall("SELECT token, src, dst, result FROM winning_moves(21, '[1]')"),
       qall('SELECT node, outcome FROM cgt_solve(22) ORDER BY node'),
       qall("SELECT token, src, dst, result FROM winning_moves(22, '[\"a\"]')")]
tap.ok(got == exp, "node id '' (empty TEXT) comes back as '', not NULL (cgt_solve, cgt_options, winning_moves)",
       '\n'.join(['cgt_solve(20) [only node \'\' from cgt_node]; cgt_solve(21), cgt_options(21, 1), '
                  "winning_moves(21, '[1]') [edges 1->'', ''->'']; cgt_solve(22), winning_moves(22, '[\"a\"]') "
                  "[edges 'a'->'', ''->'']:", 'expected %r' % exp, 'got      %r' % got]))

# ---------------------------------------------------------------- nim_sum, mex

nim_s, nim_a, mex_s, mex_a, win = (Check(n + ' agrees with brute force') for n in (
    'nim_sum scalar', 'nim_sum aggregate', 'mex scalar', 'mex aggregate', 'nim_sum window'))
conn.execute('CREATE TEMP TABLE nums(i INTEGER PRIMARY KEY, x)')
for trial in range(NIM_TRIALS):
    n = rng.randint(0, 12)
    hi = rng.choice([3, 10, 64, 1000, 2 ** 31, 2 ** 62])
    xs = [None if rng.random() < 0.15 else rng.randint(0, hi) for _ in range(n)]
    if trial % 7 == 0:       # mex needs dense runs from 0 to be interesting
        xs = [None if rng.random() < 0.1 else rng.randint(0, n) for _ in range(n)]
    vals = [x for x in xs if x is not None]
    ph = ', '.join('?' * n)
    # a NULL argument gives NULL (one argument is the aggregate, which skips it)
    null = None in xs and n != 1
    nim_s.eq('nim_sum(%s)' % xs, None if null else nim_py(vals), q1('SELECT nim_sum(%s)' % ph, xs))
    mex_s.eq('mex(%s)' % xs, None if null else mex_py(vals), q1('SELECT mex(%s)' % ph, xs))
    if vals:
        conn.execute('DELETE FROM nums')
        conn.executemany('INSERT INTO nums(x) VALUES (?)', [(x,) for x in xs])
        nim_a.eq('nim_sum(x) over %s' % xs, nim_py(vals), q1('SELECT nim_sum(x) FROM nums'))
        mex_a.eq('mex(x) over %s' % xs, mex_py(vals), q1('SELECT mex(x) FROM nums'))
        # grouped aggregate: two groups by parity of the row number
        exp = [(p, nim_py([x for i, x in enumerate(xs) if (i + 1) % 2 == p and x is not None]),
                mex_py([x for i, x in enumerate(xs) if (i + 1) % 2 == p and x is not None]))
               for p in (0, 1) if any(x is not None for i, x in enumerate(xs) if (i + 1) % 2 == p)]
        got = qall('SELECT i % 2 AS p, nim_sum(x), mex(x) FROM nums GROUP BY p HAVING count(x) > 0 ORDER BY p')
        mex_a.eq('GROUP BY i %% 2 over %s' % xs, exp, got)
        if None not in xs:
            exp = [(nim_py(xs[max(0, i - 2):i + 1]),) for i in range(n)]
            got = qall('SELECT nim_sum(x) OVER (ORDER BY i ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM nums ORDER BY i')
            win.eq('sliding nim_sum over %s' % xs, exp, got)
for c in (nim_s, nim_a, mex_s, mex_a, win):
    c.report(tap)


def is_error(sql, args=()):
    try:
        conn.execute(sql, args).fetchall()
        return False
    except sqlite3.Error:
        return True


conn.execute('DELETE FROM nums')
conn.executemany('INSERT INTO nums(x) VALUES (?)', [(3,), (-2,), (5,)])
errs = {sql: is_error(sql) for sql in ['SELECT nim_sum(1, -1)', 'SELECT mex(0, -3, 1)', 'SELECT nim_sum(-1)',
                                       'SELECT mex(-1)', 'SELECT nim_sum(x) FROM nums', 'SELECT mex(x) FROM nums']}
tap.ok(all(errs.values()), 'negative arguments of nim_sum and mex are errors (scalar and aggregate)',
       '\n'.join('no error: %s' % s for s, e in errs.items() if not e))

for n in NOTES:
    print('# ' + n)
print('# %.1f s' % (time.time() - T0))
tap.done()
