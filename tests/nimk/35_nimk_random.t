#!/usr/bin/python3
# Differential test of Moore's Nim_k (nimk_win, nimk_winning_move_count) and
# of random sums (random_sum_win_probability) against brute forces written
# here and in brute.py, independently of the extension:
#
#   nimk_win                 game-tree search on nim heaps: a move lowers
#                            between 1 and k heaps; exhaustive over small
#                            positions, scalar and aggregate forms
#   nimk_winning_move_count  every move enumerated explicitly (1..k distinct
#                            tokens, one distinct edge each); the resulting
#                            position is decided by game-tree search of the
#                            explicit Nim_k game on the (acyclic) graph
#   random_sum_win_prob.     exact Fractions: the token-dropping process is a
#                            Markov chain over (nim-sum of the finite tokens,
#                            number of infinite tokens capped at 2, the
#                            infinite node when there is one); the expected
#                            final win indicator solves a small linear system
#                            (Gaussian elimination).  The chain's win rule is
#                            itself checked against the explicit sum graphs of
#                            up to 3 tokens (naive fixed-point labelling), and
#                            the solution against a truncated series.
#                            REAL results within 1e-9 (relative); residues
#                            modulo 998244353 and 1000000007 exact; modulo
#                            small primes, a residue returned must be right,
#                            and a zero denominator is an error that says to
#                            use a larger prime (docs/nimk.md).
#
# nimk_winning_move_count is also run on every multiset of up to 6 tokens on
# the graph 3->2->1, whose move 3->2 raises the Grundy value (0 to 1).
#
# Environment: CGT_EXT, CGT_SANITIZED=1 (fewer and smaller cases),
# CGT_PRELOAD (see pytap.py), CGT_SEED (seed).  The budgets of the counting
# program of k >= 3 are checked in tests/nimk/test_nimk.c, made small.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, SANITIZED  # noqa: E402
from brute import Db, Check, Graph, describe, canon, naive_outcome, naive_values, random_rows, sum_graph  # noqa: E402

import functools  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from fractions import Fraction  # noqa: E402

SEED = int(os.environ.get('CGT_SEED', '20240613'))
T0 = time.time()
print('# seed %d%s' % (SEED, ' (CGT_SANITIZED: fewer and smaller cases)' if SANITIZED else ''))
sys.stdout.flush()
rng = random.Random(SEED)
t = Tap()
NOTES = []
db = Db()
conn, q1, qall, load, clear = db.conn, db.q1, db.qall, db.load, db.clear


# ================================================================ nimk_win

@functools.lru_cache(maxsize=None)
def heaps_win(k, pos):
    """Game-tree search: pos is a sorted tuple of nim heaps; a move lowers
    between 1 and k of them.  True when the player to move wins."""
    idx = [i for i, h in enumerate(pos) if h > 0]
    for m in range(1, min(k, len(idx)) + 1):
        for chosen in itertools.combinations(idx, m):
            for new in itertools.product(*[range(pos[i]) for i in chosen]):
                nxt = list(pos)
                for i, v in zip(chosen, new):
                    nxt[i] = v
                if not heaps_win(k, tuple(sorted(nxt))):
                    return True
    return False


def moore_p(k, pos):
    return all(sum((h >> b) & 1 for h in pos) % (k + 1) == 0 for b in range(16))


NMAX, HMAX = (4, 4) if SANITIZED else (5, 5)
KS = (1, 2, 3, 4)
positions = [c for n in range(NMAX + 1) for c in itertools.combinations_with_replacement(range(HMAX + 1), n)]
moore_self = Check('brute force: game-tree search on nim heaps agrees with Moore\'s theorem')
for k in KS:
    scal = Check('nimk_win(%d, g1, g2, ...) scalar equals game-tree search on nim heaps' % k)
    npos = {True: 0, False: 0}
    for pos in positions:
        exp = heaps_win(k, pos)
        npos[exp] += 1
        moore_self.eq('k=%d heaps %r' % (k, pos), not moore_p(k, pos), exp)
        args = list(pos)
        rng.shuffle(args)
        for _ in range(rng.choice([0, 0, 0, 1])):           # a NULL heap gives NULL
            args.insert(rng.randint(0, len(args)), None)
        sql = 'SELECT nimk_win(%s)' % ', '.join('?' * (len(args) + 1))
        scal.eq('nimk_win(%s)' % ', '.join(map(repr, [k] + args)).replace('None', 'NULL'),
                # (nimk_win(k, NULL) is the aggregate over one row, which skips it)
                None if None in args and len(args) > 1 else int(exp), q1(sql, [k] + args))
    scal.report(t, '; %d N and %d P positions of up to %d heaps of at most %d' % (npos[True], npos[False], NMAX, HMAX))
moore_self.report(t)

# aggregate: one group per position (a position without heaps is one NULL row)
conn.execute('CREATE TEMP TABLE agg(i INTEGER PRIMARY KEY, grp, k, g)')
agg = Check('nimk_win(k, g) aggregate, GROUP BY, equals game-tree search on nim heaps')
for k in KS:
    conn.execute('DELETE FROM agg')
    rows, exp = [], {}
    for grp, pos in enumerate(positions):
        exp[grp] = int(heaps_win(k, pos))
        gs = list(pos) + [None] * rng.choice([0, 0, 1])
        if not gs:
            gs = [None]
        rows += [(grp, k, g) for g in gs]
    rng.shuffle(rows)
    conn.execute('BEGIN')
    conn.executemany('INSERT INTO agg(grp, k, g) VALUES (?, ?, ?)', rows)
    conn.execute('COMMIT')
    got = qall('SELECT grp, nimk_win(k, g) FROM agg GROUP BY grp')
    got = dict(got) if isinstance(got, list) else got
    for grp, pos in enumerate(positions):
        agg.eq('k=%d, rows g of %r (in random order, with NULL rows)' % (k, pos), exp[grp],
               got.get(grp) if isinstance(got, dict) else got)
    # the whole table as one sum: Moore on the multiset of all values
    allv = [g for _, _, g in rows if g is not None]
    agg.eq('k=%d, nimk_win over all %d rows' % (k, len(rows)), int(not moore_p(k, allv)),
           q1('SELECT nimk_win(k, g) FROM agg'))
agg.eq('nimk_win(k, g) over no rows (the empty sum is lost)', 0, q1('SELECT nimk_win(k, g) FROM agg WHERE 0'))
agg.report(t)


# ================================================================ nimk_winning_move_count

class NimkGraph:
    """A graph for Nim_k: node indices 0..n-1 named ids[i]; edges are index
    pairs (duplicates are duplicate rows); node_rows are cgt_node ids."""

    def __init__(self, gid, ids, edges, node_rows):
        self.gid, self.ids, self.n, self._p = gid, ids, len(ids), {}
        self.moves = {u: sorted({d for s, d in edges if s == u}) for u in range(self.n)}
        self.edge_rows = [(ids[s], ids[d]) for s, d in edges]
        self.node_rows = node_rows
        # loopy: can reach (in 0 or more moves) a node that is on a cycle
        reach = {}
        for u in range(self.n):
            seen, stack = set(), [u]
            while stack:
                for v in self.moves[stack.pop()]:
                    if v not in seen:
                        seen.add(v)
                        stack.append(v)
            reach[u] = seen                                      # reachable in >= 1 move
        on_cycle = {u for u in range(self.n) if u in reach[u]}
        self.loopy = {u for u in range(self.n) if u in on_cycle or reach[u] & on_cycle}
        self.finite = [u for u in range(self.n) if u not in self.loopy]
        # Grundy values of the acyclic part (plain mex), and heap-like nodes:
        # every move reachable from them (and their own) lowers the value,
        # the condition under which Moore's theorem holds for k >= 2
        self.g = {}
        for u in sorted(self.finite, key=lambda x: len(reach[x])):
            if u not in self.g:
                self._grundy(u)
        self.heaplike = {u for u in self.finite
                         if all(self.g[b] < self.g[a] for a in {u} | reach[u] for b in self.moves[a])}

    def _grundy(self, u):
        if u not in self.g:
            opts = {self._grundy(v) for v in self.moves[u]}
            self.g[u] = next(x for x in range(len(opts) + 1) if x not in opts)
        return self.g[u]

    def expected(self, k, toks):
        """The count: by Moore's theorem, or where it does not apply (k >= 2
        and a token not heap-like) by the exact search (36_nimk_search.t)."""
        return self.count(k, toks)

    def describe(self):
        return describe(self.gid, self.edge_rows, self.node_rows)

    def is_p(self, k, pos):
        """pos: sorted tuple of token node indices (no loopy node).  P iff
        every move (1..k distinct tokens, one edge each) leads to N."""
        key = (k, pos)
        if key not in self._p:
            res = True
            for nxt in self.results(k, list(pos)):
                if self.is_p(k, nxt):
                    res = False
                    break
            self._p[key] = res
        return self._p[key]

    def results(self, k, toks):
        """The position after each move, one per move (with repetitions)."""
        for size in range(1, min(k, len(toks)) + 1):
            for chosen in itertools.combinations(range(len(toks)), size):
                for dsts in itertools.product(*[self.moves[toks[i]] for i in chosen]):
                    nxt = list(toks)
                    for i, d in zip(chosen, dsts):
                        nxt[i] = d
                    yield tuple(sorted(nxt))

    def count(self, k, toks):
        return sum(1 for r in self.results(k, toks) if self.is_p(k, r))


def random_nimk_graph(gid):
    """Mostly a random DAG (edges from higher to lower index, out-degree 0-3),
    sometimes with a loopy part (a self-loop or a 2-cycle) that some DAG
    nodes can move into."""
    n = rng.randint(2, 8)
    loopy_part = rng.random() < 0.3
    total = n + (2 if loopy_part else 0)
    style = rng.choice(['int', 'int', 'shifted', 'text'])
    if style == 'int':
        ids = list(range(1, total + 1))
    elif style == 'shifted':
        ids = rng.sample(range(-5, 60), total)
    else:
        ids = rng.sample('abcdefghijklmnopqrstuvwxyz', total)
    edges = []
    for i in range(1, n):
        for _ in range(rng.randint(0, 3)):
            edges.append((i, rng.randrange(i)))
    if loopy_part:
        c0, c1 = n, n + 1
        if rng.random() < 0.5:
            edges += [(c0, c0), (c1, c0)]
        else:
            edges += [(c0, c1), (c1, c0)]
        if rng.random() < 0.5:
            edges.append((c0, rng.randrange(n)))                 # a way out of the cycle
        for i in range(n):
            if rng.random() < 0.25:
                edges.append((i, rng.choice([c0, c1])))
    edges += [e for e in edges if rng.random() < 0.2]            # duplicate rows
    rng.shuffle(edges)
    named = {x for e in edges for x in e}
    node_rows = [ids[u] for u in range(total) if u not in named or rng.random() < 0.2]
    return NimkGraph(gid, ids, edges, node_rows)


def node_text(x):
    """How an error message names a node: integers plainly, text quoted."""
    return "'%s'" % x.replace("'", "''") if isinstance(x, str) else str(x)


NGRAPHS = 60 if SANITIZED else 100
QUERIES = 6 if SANITIZED else 12
cnt = {k: Check('nimk_winning_move_count(graph, %d, tokens) equals explicit game search on the graph' % k)
       for k in KS}
cnt_stats = {k: [0, 0, 0, 0] for k in KS}   # queries, P positions, positive counts, Moore does not apply


def same_result(exp, got):
    """A count equals; an expected error matches by its distinctive part."""
    if isinstance(exp, str):
        return isinstance(got, str) and got.startswith('ERROR') and exp[len('ERROR '):] in got
    return exp == got
unknown = Check('nimk_winning_move_count: a token on an unknown node is an error naming the node and the graph')
loopy = Check("nimk_winning_move_count: a token on a node that can reach a cycle is an error naming the node "
              "(\"Moore's theorem needs finite values\")")
empty = Check("nimk_winning_move_count(graph, k, '[]') is 0")
graphs = [random_nimk_graph(100 + j) for j in range(NGRAPHS)]
clear()
for g in graphs:
    load(g.gid, g.edge_rows, g.node_rows)
for g in graphs:
    for qi in range(QUERIES):
        k = KS[qi % 4] if qi < 8 else rng.choice((1, 2, 3))
        if not g.finite:
            break
        m = rng.choice([1, 2, 2, 3, 3, 4, 4])
        toks = [rng.choice(g.finite) for _ in range(m)]
        ids = [g.ids[u] for u in toks]
        js = json.dumps(ids)
        exp = g.expected(k, toks)
        got = q1('SELECT nimk_winning_move_count(?, ?, ?)', (g.gid, k, js))
        cnt_stats[k][0] += 1
        if isinstance(exp, str):
            cnt_stats[k][3] += 1
        else:
            cnt_stats[k][1] += g.is_p(k, tuple(sorted(toks)))
            cnt_stats[k][2] += exp > 0
        cnt[k].eq([g.describe(), 'nimk_winning_move_count(%r, %d, %r)' % (g.gid, k, js)], exp, got,
                  same=same_result(exp, got))
    k = rng.choice(KS)
    empty.eq([g.describe(), "nimk_winning_move_count(%r, %d, '[]')" % (g.gid, k)], 0,
             q1("SELECT nimk_winning_move_count(?, ?, '[]')", (g.gid, k)))
    # unknown nodes: outsiders, the TEXT twin of an INTEGER id, a node of
    # another graph; the other tokens are on finite nodes
    outsiders = [999, 'zz', -1000, str(g.ids[0]) if isinstance(g.ids[0], int) else 7]
    outsiders += [x for x in graphs[(graphs.index(g) + 1) % len(graphs)].ids if x not in g.ids][:1]
    for x in outsiders:
        toks = [g.ids[rng.choice(g.finite)] for _ in range(rng.randint(0, 2))] if g.finite else []
        toks.insert(rng.randint(0, len(toks)), x)
        js = json.dumps(toks)
        k = rng.choice(KS)
        unknown.eq([g.describe(), 'nimk_winning_move_count(%r, %d, %r)' % (g.gid, k, js)],
                   'ERROR: cgt: nimk_winning_move_count: unknown node %s in graph %s' % (node_text(x), node_text(g.gid)),
                   q1('SELECT nimk_winning_move_count(?, ?, ?)', (g.gid, k, js)))
    for u in sorted(g.loopy)[:3]:
        toks = [g.ids[rng.choice(g.finite)] for _ in range(rng.randint(0, 2))] if g.finite else []
        toks.insert(rng.randint(0, len(toks)), g.ids[u])
        js = json.dumps(toks)
        k = rng.choice(KS)
        got = q1('SELECT nimk_winning_move_count(?, ?, ?)', (g.gid, k, js))
        ok = isinstance(got, str) and got.startswith('ERROR') and "Moore's theorem needs finite values" in got \
            and 'node %s' % node_text(g.ids[u]) in got and 'nimk_winning_move_count' in got
        loopy.eq([g.describe(), 'nimk_winning_move_count(%r, %d, %r)' % (g.gid, k, js)],
                 "an error naming node %s" % node_text(g.ids[u]), got, same=ok)
for k in KS:
    q, p, pos, na = cnt_stats[k]
    cnt[k].report(t, '; %d P positions, %d with a winning move, %d where a move raises a value' % (p, pos, na))
unknown.report(t)
loopy.report(t)
empty.report(t)

# every multiset of up to 6 tokens on the graph 3 -> 2 -> 1, whose move 3 -> 2
# raises the Grundy value from 0 to 1 (a reversible move): for k >= 2 Grundy
# values do not decide Nim_k there (from [3,2,2,2], values 0,1,1,1 that
# Moore's rule calls P, the move 3->2 with 2->1 reaches [2,1,2,2], values
# 1,0,1,1, also "P"); the exact search answers
clear()
path = NimkGraph('path', [1, 2, 3], [(1, 0), (2, 1)], [])
load(path.gid, path.edge_rows, path.node_rows)
for k in KS:
    pc = Check('nimk_winning_move_count(graph, %d, tokens) equals explicit game search: every multiset of up to '
               '%d tokens on the graph 3->2->1' % (k, 5 if SANITIZED else 6))
    for m in range(1, (5 if SANITIZED else 6) + 1):
        for toks in itertools.combinations_with_replacement(range(3), m):
            toks = list(toks)
            rng.shuffle(toks)
            js = json.dumps([path.ids[u] for u in toks])
            exp = path.expected(k, toks)
            got = q1('SELECT nimk_winning_move_count(?, ?, ?)', (path.gid, k, js))
            pc.eq([path.describe(), 'nimk_winning_move_count(%r, %d, %r)' % (path.gid, k, js)], exp, got,
                  same=same_result(exp, got))
    pc.report(t)

# the dynamic program of k >= 3 has no budget of steps; its states count
# against the 'memory' setting: on nim heaps 0..63 it ran past 20 s, its
# states past 290 MB and growing, for k = 7 and 100 tokens or k = 1000 and
# 300 tokens.  Under a setting of 1 MiB each ends at once with an error that
# names it; tests/nimk/test_nimk.c (counting_budget) runs the core's own
# budgets, made small, and checks its error.
# Within the budget, the count of 30 tokens: thousands of states, grown
# many times (100 tokens, which took 0.2 s, make no more states).
load('heaps64', [(a, b) for a in range(64) for b in range(a)], [])
n, want = 30, 5339
t.is_(q1("SELECT nimk_winning_move_count('heaps64', 3, ?)", (json.dumps([(i * 37) % 64 for i in range(n)]),)),
      want, 'k = 3, %d tokens on heaps: the count' % n)
default_memory = q1("SELECT cgt_setting('memory')")
q1("SELECT cgt_setting('memory', 1048576)")
for k, n in ((7, 100), (1000, 300)):
    t.raises(lambda: conn.execute("SELECT nimk_winning_move_count('heaps64', ?, ?)",
                                 (k, json.dumps([(i * 37) % 64 for i in range(n)]))).fetchall(),
             "cgt: nimk_winning_move_count: counting by Moore's theorem with k = %d and %d tokens needs more than "
             "1048576 bytes of states, the 'memory' setting (SELECT cgt_setting('memory', bytes) raises it)" % (k, n),
             "k = %d, %d tokens on heaps, 'memory' 1 MiB: an error naming the setting" % (k, n))
n = 30
t.is_(q1("SELECT nimk_winning_move_count('heaps64', 3, ?)", (json.dumps([(i * 37) % 64 for i in range(n)]),)), want,
      "k = 3, %d tokens within the low setting: the same count" % n)
q1("SELECT cgt_setting('memory', ?)", (default_memory,))


# ================================================================ random_sum_win_probability

def solve(A, b):
    """Gauss-Jordan elimination over Fractions."""
    n = len(b)
    M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for c in range(n):
        piv = next(r for r in range(c, n) if M[r][c] != 0)
        M[c], M[piv] = M[piv], M[c]
        inv = 1 / M[c][c]
        M[c] = [x * inv for x in M[c]]
        for r in range(n):
            if r != c and M[r][c] != 0:
                fct = M[r][c]
                M[r] = [x - fct * y for x, y in zip(M[r], M[c])]
    return [M[i][n] for i in range(n)]


class RandGraph(Graph):
    def __init__(self, gid, edge_rows, node_rows):
        super().__init__(gid, edge_rows, node_rows)
        self.val = naive_values(self.nodes, self.moves)
        self.fin = [self.val[u] for u in self.nodes if isinstance(self.val[u], int)]
        self.infs = [self.val[u] for u in self.nodes if not isinstance(self.val[u], int)]
        self.X = 1
        while self.X <= max(self.fin, default=0):
            self.X <<= 1

    # the chain's state: (c, x, K): c infinite tokens (capped at 2), x the
    # nim-sum of the finite ones, K the infinite token's set when c == 1
    def win(self, state):
        c, x, K = state
        return x != 0 if c == 0 else x in K if c == 1 else False

    def step(self, state, v):
        c, x, K = state
        if isinstance(v, int):
            return (c, x ^ v, K)
        return (1, x, v) if c == 0 else (2, 0, None)

    def exact(self, s):
        """P(win) = f(0, 0, -) where f(S) = q win(S) + r sum_u f(S + u)."""
        s = Fraction(s)
        V = len(self.nodes)
        r = 1 / (V + s)
        q = s * r
        X = self.X
        A = [[Fraction(int(x == y)) - r * sum(1 for v in self.fin if x ^ v == y) for y in range(X)] for x in range(X)]
        f1 = {}
        for K in set(self.infs):
            f1[K] = solve(A, [q * (x in K) for x in range(X)])
        b = [q * (x != 0) + r * sum(f1[K][x] for K in self.infs) for x in range(X)]
        return solve(A, b)[0]

    def dist(self, tmax):
        """Exact distribution of the chain's state after t = 0..tmax tokens."""
        d = {(0, 0, None): Fraction(1)}
        out = [d]
        V = len(self.nodes)
        for _ in range(tmax):
            nd = {}
            for st, pr in d.items():
                for u in self.nodes:
                    ns = self.step(st, self.val[u])
                    nd[ns] = nd.get(ns, 0) + pr / V
            d = nd
            out.append(d)
        return out

    def series(self, s, eps=1e-13):
        """Truncated sum_t q p^t P(win | t) in floats, and the bound on the rest."""
        V = len(self.nodes)
        p, q = V / (V + s), s / (V + s)
        d = {(0, 0, None): 1.0}
        total, pt = 0.0, 1.0
        groups = {}
        for u in self.nodes:
            groups[self.val[u]] = groups.get(self.val[u], 0) + 1 / V
        while pt > eps:
            total += q * pt * sum(pr for st, pr in d.items() if self.win(st))
            nd = {}
            for st, pr in d.items():
                if st[0] == 2:
                    continue                  # never wins again
                for v, w in groups.items():
                    ns = self.step(st, v)
                    nd[ns] = nd.get(ns, 0.0) + pr * w
            d = nd
            pt *= p
        return total, pt

    def explicit_win(self, t):
        """P(win | t tokens) from the explicit sum graphs: the player to move
        wins (outcome N) the sum of t tokens, over all V^t token tuples."""
        out = naive_outcome(*sum_graph(self.nodes, self.moves, t))
        wins = sum(1 for tup in itertools.product(self.nodes, repeat=t) if out[canon(tup)] == 'N')
        return Fraction(wins, len(self.nodes) ** t)


def random_rand_graph(gid):
    n = rng.choice([1, 2, 3, 4, 4, 5, 5, 6, 6])
    ids = list(range(1, n + 1)) if rng.random() < 0.8 else rng.sample('pqrstuvwxyz', n)
    cyclic = rng.random() < 0.55
    p_loop = rng.choice([0.0, 0.15, 0.3]) if cyclic else 0.0
    edges = []
    for i, u in enumerate(ids):
        for _ in range(rng.randint(0, 3)):
            if rng.random() < p_loop:
                v = u
            elif cyclic and rng.random() < 0.3:
                v = rng.choice(ids)
            elif i > 0:
                v = rng.choice(ids[:i])
            else:
                continue
            edges.append((u, v))
    return RandGraph(gid, *random_rows(rng, ids, edges))


def residue(fr, mod):
    if fr.denominator % mod == 0:
        return 'no residue'
    return fr.numerator * pow(fr.denominator, -1, mod) % mod


def close(exp, got):
    return isinstance(got, float) and abs(got - exp) <= 1e-9 * abs(exp) + 1e-15


RGRAPHS = 40 if SANITIZED else 60
TMAX = 2 if SANITIZED else 3
PRIMES = (998244353, 1000000007)
SMALL_PRIMES = (2, 3, 5, 7, 11, 13)
REAL_WEIGHTS = (1, 2, 3, 0.5, 2.5)
real = Check('random_sum_win_probability(graph, stop_weight) REAL within 1e-9 of the exact value '
             '(stop weights %s, and the one-argument form)' % ', '.join(map(str, REAL_WEIGHTS)))
modc = Check('random_sum_win_probability(graph, stop_weight, prime) is the exact p*q^-1 '
             '(primes %s, stop weights 1, 2, 3)' % ', '.join(map(str, PRIMES)))
small = Check('random_sum_win_probability(graph, 1, small prime): every residue returned is the exact one '
              '(primes %s)' % ', '.join(map(str, SMALL_PRIMES)))
chain_self = Check('brute force: the Markov states decide the same wins as the explicit sum graphs '
                   '(1..%d tokens)' % TMAX)
series_self = Check('brute force: the linear system agrees with the truncated series (stop weight 1)')
rstats = {'graphs': 0, 'with infinite values': 0, 'with inf{K}, K nonempty': 0, 'answer 0': 0,
          'small-prime errors': 0}
small_spurious = []
clear()
rgraphs = [random_rand_graph(200 + j) for j in range(RGRAPHS)]
# and one whose loopy node 1 has two finite options (K = {0, 1}), so that
# every run meets a K of more than one value
rgraphs.append(RandGraph('kset', [(1, 1), (1, 2), (1, 3), (3, 2)], []))
for g in rgraphs:
    load(g.gid, g.edge_rows, g.node_rows)
for g in rgraphs:
    rstats['graphs'] += 1
    rstats['with infinite values'] += bool(g.infs)
    rstats['with inf{K}, K nonempty'] += any(K for K in g.infs)
    # the brute force against itself
    if len(g.nodes) ** TMAX <= 300:
        dists = g.dist(TMAX)
        for tt in range(1, TMAX + 1):
            chain = sum((pr for st, pr in dists[tt].items() if g.win(st)), Fraction(0))
            chain_self.eq([g.describe(), 'P(win | %d tokens): explicit sum graphs vs chain' % tt],
                          g.explicit_win(tt), chain)
    ex1 = g.exact(1)
    rstats['answer 0'] += ex1 == 0
    tot, rest = g.series(1.0)
    series_self.eq([g.describe(), 'exact %s = %.17g vs series %.17g (+ at most %.3g)' % (ex1, float(ex1), tot, rest)],
                   True, tot - 1e-12 <= float(ex1) <= tot + rest + 1e-12)
    # the extension
    for s in REAL_WEIGHTS:
        ex = g.exact(Fraction(s))
        got = q1('SELECT random_sum_win_probability(?, ?)', (g.gid, s))
        real.eq([g.describe(), 'random_sum_win_probability(%r, %r)  [exact %s]' % (g.gid, s, ex)], float(ex), got,
                same=close(float(ex), got))
        if s in (1, 2, 3):
            for mod in PRIMES:
                got = q1('SELECT random_sum_win_probability(?, ?, ?)', (g.gid, s, mod))
                modc.eq([g.describe(), 'random_sum_win_probability(%r, %d, %d)  [exact %s]' % (g.gid, s, mod, ex)],
                        residue(ex, mod), got)
    got = q1('SELECT random_sum_win_probability(?)', (g.gid,))
    real.eq([g.describe(), 'random_sum_win_probability(%r)  [exact %s]' % (g.gid, ex1)], float(ex1), got,
            same=close(float(ex1), got))
    for mod in SMALL_PRIMES:
        got = q1('SELECT random_sum_win_probability(?, 1, ?)', (g.gid, mod))
        exp = residue(ex1, mod)
        if isinstance(got, str) and 'denominator of the computation is 0' in got:
            rstats['small-prime errors'] += 1
            if 'use a larger prime' not in got:
                small_spurious.append('%s; modulus %d: %s' % (g.describe(), mod, got))
            continue
        small.eq([g.describe(), 'random_sum_win_probability(%r, 1, %d)  [exact %s]' % (g.gid, mod, ex1)], exp, got)
chain_self.report(t)
series_self.report(t)
real.report(t)
modc.report(t)
small.report(t)
t.ok(not small_spurious, "random_sum_win_probability(graph, 1, small prime): a zero denominator is an error that "
     'says to use a larger prime (%d such errors)' % rstats['small-prime errors'],
     '\n'.join(['%d errors without that advice; first:' % len(small_spurious)] + small_spurious[:3]))
NOTES.append('random sums: ' + ', '.join('%s %d' % kv for kv in rstats.items()))

# known answers (Codeforces 1411G: nodes 1..n in cgt_node, stop weight 1)
clear()
CF = [('n=1, no edges', 1, [], 0), ('n=2, 1->2', 2, [(1, 2)], 332748118),
      ('n=5, 1->4 5->2 4->3 1->5 5->4', 5, [(1, 4), (5, 2), (4, 3), (1, 5), (5, 4)], 931694730)]
diag, bf = [], []
for j, (what, n, edges, want) in enumerate(CF):
    gid = 'cf%d' % j
    load(gid, edges, list(range(1, n + 1)))
    got = q1('SELECT random_sum_win_probability(?, 1, 998244353)', (gid,))
    if got != want:
        diag.append('%s: expected %r, got %r' % (what, want, got))
    bf.append(residue(RandGraph(gid, edges, list(range(1, n + 1))).exact(1), 998244353))
t.ok(not diag, 'known answers of Codeforces 1411G (modulo 998244353): 0, 332748118, 931694730', '\n'.join(diag))
t.ok(bf == [w for _, _, _, w in CF], 'brute force gives the known answers of Codeforces 1411G', 'brute force: %r' % bf)

# the example of docs/nimk.md: graph 2->3, 3->1, 2->2 (a draw node 2 = inf{1})
E1 = [(2, 3), (3, 1), (2, 2)]
load('readme', E1, [])
ex = RandGraph('readme', E1, []).exact(1)
got = [q1("SELECT random_sum_win_probability('readme')"),
       q1("SELECT random_sum_win_probability('readme', 1, 998244353)")]
t.ok(got == [0.21875, 779878401] and ex == Fraction(7, 32),
     "docs/nimk.md example on graph 2->3, 3->1, 2->2: 0.21875 and 779878401; brute force 7/32",
     'extension %r; brute force %s' % (got, ex))

# errors: they name the function
load('err', [(1, 2), (2, 2)], [3])
ERR = [('modulus 1000000008 (even)', (1, 1000000008)), ('modulus 1', (1, 1)), ('modulus 0', (1, 0)),
       ('modulus 4', (1, 4)), ('modulus 561 (Carmichael)', (1, 561)),
       ('modulus 998244353*1000000007', (1, 998244353 * 1000000007)),
       ('stop_weight 0 with a modulus', (0, 998244353)), ('stop_weight -1 with a modulus', (-1, 998244353)),
       ('stop_weight 0', (0,)), ('stop_weight -1', (-1,)), ('stop_weight -0.5', (-0.5,)), ('stop_weight 0.0', (0.0,))]
diag = []
for what, args in ERR:
    sql = 'SELECT random_sum_win_probability(%s)' % ', '.join('?' * (len(args) + 1))
    got = q1(sql, ('err',) + args)
    if not (isinstance(got, str) and got.startswith('ERROR') and 'random_sum_win_probability' in got):
        diag.append('%s: random_sum_win_probability%r gave %r' % (what, ('err',) + args, got))
t.ok(not diag, 'random_sum_win_probability: non-prime modulus and stop_weight <= 0 are errors naming the function '
     '(%d cases)' % len(ERR), '\n'.join(diag))

for n in NOTES:
    print('# ' + n)
print('# %.1f s' % (time.time() - T0))
t.done()
