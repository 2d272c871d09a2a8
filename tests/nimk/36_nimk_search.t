#!/usr/bin/python3
# Exact Nim_k on tokens of a stored DAG where Moore's theorem does not apply
# (a move keeps or raises the Grundy value): nimk_graph_win and
# nimk_winning_move_count against a brute force written here, which knows
# nothing of Grundy values, heap-like nodes or Moore's theorem:
#
#   a position is the sorted tuple of the tokens' nodes; a move picks 1..k
#   distinct tokens and moves each along one of its edges; a position is
#   won when some move leads to a lost one (memoised game-tree search).
#   The count enumerates every move of labelled tokens explicitly.
#
# Random DAGs of 2..9 nodes (edges from higher to lower index, so that many
# moves raise the value; on a DAG no move keeps it, by the mex), k = 1..5,
# 1..7 tokens.  Also: graphs of nim heaps
# agree with nimk_win on the Grundy values; past the 'memory' setting
# (docs/nimk.md, Limits) the search's error names a move; absurd arguments
# and NULLs.
#
# Environment: CGT_EXT, CGT_SANITIZED=1 (fewer cases), CGT_PRELOAD, CGT_SEED.
# Under the sanitizers: 40 random graphs (not 60) and fewer tokens, fewer
# random trees.  The 'memory' setting is checked here in both runs; the
# core's own budgets of positions, steps and bytes (which the SQL functions
# do not set) in tests/nimk/test_nimk.c, made small.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, SANITIZED  # noqa: E402
from brute import Db, Check, describe  # noqa: E402

import itertools  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402

SEED = int(os.environ.get('CGT_SEED', '20261124'))
T0 = time.time()
print('# seed %d%s' % (SEED, ' (CGT_SANITIZED: fewer cases)' if SANITIZED else ''))
sys.stdout.flush()
rng = random.Random(SEED)
t = Tap()
db = Db()
q1, load, clear = db.q1, db.load, db.clear


class Dag:
    """Nodes 0..n-1 named ids[i]; moves[u] the distinct targets of u."""

    def __init__(self, gid, ids, edges):
        self.gid, self.ids, self.n = gid, ids, len(ids)
        self.edge_rows = [(ids[s], ids[d]) for s, d in edges]
        self.moves = {u: sorted({d for s, d in edges if s == u}) for u in range(self.n)}
        self.memo = {}

    def won(self, k, pos):
        """pos: a sorted tuple of nodes.  Plain game-tree search (an explicit
        stack would be the same; the depth here is small)."""
        key = (k, pos)
        if key not in self.memo:
            self.memo[key] = any(not self.won(k, nxt) for nxt in self.results(k, list(pos)))
        return self.memo[key]

    def results(self, k, toks):
        """The position after each move of labelled tokens, with repetitions."""
        for size in range(1, min(k, len(toks)) + 1):
            for chosen in itertools.combinations(range(len(toks)), size):
                for dsts in itertools.product(*[self.moves[toks[i]] for i in chosen]):
                    nxt = list(toks)
                    for i, d in zip(chosen, dsts):
                        nxt[i] = d
                    yield tuple(sorted(nxt))

    def count(self, k, toks):
        return sum(1 for r in self.results(k, toks) if not self.won(k, r))

    def grundy(self):
        g = {}
        for u in range(self.n):   # targets have smaller indexes
            opts = {g[v] for v in self.moves[u]}
            g[u] = next(x for x in range(len(opts) + 1) if x not in opts)
        return g

    def describe(self):
        return describe(self.gid, self.edge_rows, [])


def random_dag(gid):
    n = rng.randint(2, 9)
    ids = rng.choice([list(range(1, n + 1)), rng.sample(range(-9, 90), n), rng.sample('abcdefghijklmnop', n)])
    edges = []
    for i in range(1, n):
        for _ in range(rng.randint(0, 3)):
            edges.append((i, rng.randrange(i)))
    edges += [e for e in edges if rng.random() < 0.2]   # duplicate rows
    rng.shuffle(edges)
    return Dag(gid, ids, edges)


NGRAPHS = 40 if SANITIZED else 60
QUERIES = 5 if SANITIZED else 10
clear()
graphs = [random_dag(1000 + j) for j in range(NGRAPHS)]
for g in graphs:
    load(g.gid, g.edge_rows, g.ids)
win = Check('nimk_graph_win(graph, k, tokens) equals game-tree search on random DAGs')
cnt = Check('nimk_winning_move_count(graph, k, tokens) equals explicit enumeration on random DAGs')
stats = {'queries': 0, 'moore fails': 0, 'won': 0, 'raises': 0}
for g in graphs:
    gv = g.grundy()
    # nodes from which a move that does not lower the value can be reached
    bad = set()
    for u in range(g.n):   # increasing: targets are already classified
        if any(gv[v] >= gv[u] or v in bad for v in g.moves[u]):
            bad.add(u)
    for qi in range(QUERIES):
        k = rng.choice([1, 2, 2, 3, 3, 4, 5])
        m = rng.randint(1, 7 if k >= 3 else 6)
        if SANITIZED:
            m = min(m, 5)
        toks = [rng.randrange(g.n) for _ in range(m)]
        js = json.dumps([g.ids[u] for u in toks])
        exp_win = int(g.won(k, tuple(sorted(toks))))
        exp_cnt = g.count(k, toks)
        stats['queries'] += 1
        stats['won'] += exp_win
        if k >= 2 and any(u in bad for u in toks):
            stats['moore fails'] += 1
            reach = {u for u in toks}
            stack = list(reach)
            while stack:
                for v in g.moves[stack.pop()]:
                    if v not in reach:
                        reach.add(v)
                        stack.append(v)
            stats['raises'] += any(gv[v] > gv[u] for u in reach for v in g.moves[u])
        win.eq([g.describe(), 'nimk_graph_win(%r, %d, %r)' % (g.gid, k, js)], exp_win,
               q1('SELECT nimk_graph_win(?, ?, ?)', (g.gid, k, js)))
        cnt.eq([g.describe(), 'nimk_winning_move_count(%r, %d, %r)' % (g.gid, k, js)], exp_cnt,
               q1('SELECT nimk_winning_move_count(?, ?, ?)', (g.gid, k, js)))
extra = '; %(queries)d queries, %(won)d won, %(moore fails)d where Moore does not apply (%(raises)d reach a ' \
        'move raising the value)' % stats
win.report(t, extra)
cnt.report(t)
t.ok(stats['moore fails'] > stats['queries'] // 5 and stats['raises'] == stats['moore fails'],
     'the random cases include many where Moore does not apply, each with a move that raises the value',
     repr(stats))

# every multiset of up to 7 tokens on 3 -> 2 -> 1 (3 -> 2 raises 0 to 1), k = 1..4
path = Dag('path', [1, 2, 3], [(1, 0), (2, 1)])
load(path.gid, path.edge_rows, [])
pc = Check('every multiset of up to 7 tokens on the graph 3->2->1, k = 1..4: win and count equal the brute force')
for k in (1, 2, 3, 4):
    for m in range(0, 8):
        for toks in itertools.combinations_with_replacement(range(3), m):
            js = json.dumps([path.ids[u] for u in toks])
            pc.eq('nimk_graph_win(path, %d, %s)' % (k, js), int(path.won(k, tuple(sorted(toks)))),
                  q1("SELECT nimk_graph_win('path', ?, ?)", (k, js)))
            pc.eq('nimk_winning_move_count(path, %d, %s)' % (k, js), path.count(k, list(toks)),
                  q1("SELECT nimk_winning_move_count('path', ?, ?)", (k, js)))
pc.report(t)

# nim heaps 0..7 as a graph: Moore's theorem, the same as nimk_win
heaps = Dag('heaps', list(range(8)), [(a, b) for a in range(8) for b in range(a)])
load(heaps.gid, heaps.edge_rows, [])
hc = Check('nimk_graph_win on a graph of nim heaps equals nimk_win on the sizes (and the brute force)')
for _ in range(30 if SANITIZED else 120):
    k = rng.randint(1, 4)
    toks = [rng.randrange(8) for _ in range(rng.randint(0, 5))]
    js = json.dumps(toks)
    want = q1('SELECT nimk_win(%s)' % ', '.join(map(str, [k] + toks)))
    hc.eq('nimk_graph_win(heaps, %d, %s)' % (k, js), want, q1("SELECT nimk_graph_win('heaps', ?, ?)", (k, js)))
    if len(toks) <= 4:
        hc.eq('brute force on heaps %d, %s' % (k, js), int(heaps.won(k, tuple(sorted(toks)))), want)
hc.report(t)

# No budget of positions or steps: the search's tables count against the
# 'memory' setting.  On a path of 1,000 nodes (node i moves to i - 1; the
# move 998 -> 997 raises the value from 0 to 1), tokens on nodes 999, 998
# and 997 with k = 2 passed 250,000 positions in 0.08 s (ten tokens on a
# graph of 40 nodes and four moves a node took seconds: each position had
# 760 moves to look at, here 6); under a setting of 4 MiB they end at once
# with an error that names it.  Five tokens on nodes up to 9 are within it,
# and equal the brute force.
load('long', [(i, i - 1) for i in range(1, 1000)], [])
default_memory = q1("SELECT cgt_setting('memory')")
q1("SELECT cgt_setting('memory', 4194304)")
got = q1("SELECT nimk_graph_win('long', 2, ?)", (json.dumps([999, 998, 997]),))
t.is_(got, "ERROR: cgt: nimk_graph_win: Moore's theorem with k = 2 needs every move to lower the Grundy value, but "
      "the move 998 -> 997 (from 0 to 1) can be reached from node 999, and the exact search needs more than 4194304 "
      "bytes, the 'memory' setting (SELECT cgt_setting('memory', bytes) raises it)",
      "nimk_graph_win past the 'memory' setting (4 MiB): the error names a move and the setting")
short = Dag('short', list(range(10)), [(i, i - 1) for i in range(1, 10)])
for toks in ([9, 9, 9, 9, 9], [9, 8, 6, 5, 3]):
    t.is_(q1("SELECT nimk_graph_win('long', 2, ?)", (json.dumps(toks),)), int(short.won(2, tuple(sorted(toks)))),
          'tokens %s on the same path, k = 2: within the setting, equal to the brute force' % toks)
q1("SELECT cgt_setting('memory', ?)", (default_memory,))

# absurd arguments and NULLs
load('loop', [(1, 2), (2, 2), (3, 1)], [9])
ABSURD = [
    ("nimk_graph_win('path', 0, '[3]')", 'ERROR: cgt: nimk_graph_win: k must be at least 1'),
    ("nimk_graph_win('path', -1, '[3]')", 'ERROR: cgt: nimk_graph_win: argument 2 is not a non-negative integer: -1'),
    ("nimk_graph_win('path', 2.5, '[3]')", 'ERROR: cgt: nimk_graph_win: argument 2 is not a non-negative integer: 2.5'),
    ("nimk_graph_win('path', 'x', '[3]')", "ERROR: cgt: nimk_graph_win: argument 2 is not a non-negative integer: x"),
    ("nimk_graph_win('path', 2, '[3')", 'ERROR: cgt: nimk_graph_win: tokens is not a JSON array: malformed JSON'),
    ("nimk_graph_win('path', 2, '{}')", 'ERROR: cgt: nimk_graph_win: tokens must be a JSON array of node ids'),
    ("nimk_graph_win('path', 2, '[3, 99]')", "ERROR: cgt: nimk_graph_win: unknown node 99 in graph 'path'"),
    ("nimk_graph_win('loop', 2, '[3, 9]')",
     "ERROR: cgt: nimk_graph_win: Moore's theorem needs finite values, but node 3 can reach a cycle"),
    ("nimk_graph_win('path', NULL, '[3]')", None),
    ("nimk_graph_win(NULL, 2, '[3]')", None),
    ("nimk_graph_win('path', 2, NULL)", None),
    ("nimk_graph_win('path', 2, '[]')", 0),
    ("nimk_winning_move_count('path', 2, '[]')", 0),
    ("nimk_graph_win('nothing', 2, '[]')", 0),
    ("nimk_graph_win('path', 2, '[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]')", 0),
    # k beyond any token count, and 2^63 - 1: the rule for at most k tokens
    ("nimk_graph_win('path', 9223372036854775807, '[3,3,3,3]')", 0),
    ("nimk_graph_win('path', 9223372036854775807, '[3,3,2]')", 1),
    ("nimk_winning_move_count('path', 9223372036854775807, '[3,3,2]')", 1),
    ("nimk_winning_move_count('path', 9223372036854775807, '[3,3,3,3]')", 0),
    ("nimk_graph_win('path', 9223372036854775808, '[3]')",
     'ERROR: cgt: nimk_graph_win: argument 2 is not a non-negative integer: 9.22337203685478e+18'),
]
for sql, want in ABSURD:
    t.is_(q1('SELECT ' + sql), want, sql)
# many tokens on the path, against a brute force over (a tokens on 3, b on
# 2) (tokens on 1 never move): a move sends i of the a to 2 and j of the b
# to 1, 1 <= i + j <= k; it stands for C(a, i) C(b, j) moves of tokens.
# a = 49, b = 50 and 2,901 tokens on 1 are searched (a = 99 and b = 100 took
# 0.3 s: four times the positions, each of twice the tokens).
from math import comb  # noqa: E402
path_memo = {}


def path_won(k, a, b):
    if (a, b) not in path_memo:
        path_memo[(a, b)] = any(not path_won(k, a - i, b + i - j) for i in range(min(a, k) + 1)
                                for j in range(min(b, k) + 1) if 1 <= i + j <= k)
    return path_memo[(a, b)]


A, B, C = 49, 50, 2901
for a in range(0, A + 1):   # bottom up, so that the recursion stays shallow
    for b in range(0, A + B + 1 - a):
        path_won(2, a, b)
want = '%d %d' % (path_won(2, A, B), sum(comb(A, i) * comb(B, j) for i in range(3) for j in range(3)
                                        if 1 <= i + j <= 2 and not path_won(2, A - i, B + i - j)))
many = json.dumps([3] * A + [2] * B + [1] * C)
t.is_(q1("SELECT nimk_graph_win('path', 2, ?) || ' ' || nimk_winning_move_count('path', 2, ?)", (many, many)),
      want, '%d tokens on the path (%d on 3, %d on 2), k = 2: win and count equal the brute force' % (A + B + C, A, B))
# The 'memory' setting, 128 MiB here: the search keeps positions 256 at a
# time (4 bytes a token each) and a stack (8 bytes a token a frame); with
# 130,600 movable tokens the first 256 positions and one frame pass 128 MiB,
# at once.  (3,000 tokens, 2,000 movable, pass it after thousands of
# positions, in 2 s; test_nimk.c runs the search with budgets of 16 bytes
# and 1 MiB.)  Under the sanitizers, where each call takes 0.3 s, the count
# only: nimk_graph_win reports the setting above.
q1("SELECT cgt_setting('memory', 134217728)")
for fn in ('nimk_winning_move_count',) if SANITIZED else ('nimk_graph_win', 'nimk_winning_move_count'):
    t.is_(q1("SELECT %s('path', 2, ?)" % fn, (json.dumps([3, 2] * 65300),)),
          "ERROR: cgt: %s: Moore's theorem with k = 2 needs every move to lower the Grundy value, but the move "
          "3 -> 2 (from 0 to 1) can be reached from node 3, and the exact search needs more than 134217728 bytes, "
          "the 'memory' setting (SELECT cgt_setting('memory', bytes) raises it)" % fn,
          "%s: 130,600 tokens on the path, all movable: past the 'memory' setting" % fn)
q1("SELECT cgt_setting('memory', ?)", (default_memory,))
# The core's budget of steps (which the SQL functions do not set) counts
# each move's tokens, a move costing 1 + the tokens of its position:
# tests/nimk/test_nimk.c (search_budgets) runs 10,000 tokens 3 and 2 with
# k = 9,999 past budgets of 10,000 and 100,000 steps, both functions:
# CGT_LIMIT, the budget named "steps" by cgt_nimk_budget_passed.

# ---- Codeforces 1498F, examples/cf1498f.sql: staircase Nim on a tree ----
# The example's statements run here (its dot-commands: .read runs the file,
# .print is skipped); its last statement, the answer for every root, also
# runs on random small trees.  The brute force plays the game itself: for a
# root, a position is the presents on each node, and a move carries 1..a[i]
# presents from a node at depth >= k to its k-th ancestor.


def run_example(conn, path):
    rows, buf = None, ''
    for line in open(path):
        if line.startswith('.read '):
            conn.executescript(open(line.split()[1]).read())
        elif line.startswith('.'):
            continue
        else:
            buf += line
            if sqlite3_complete(buf):
                rows = conn.execute(buf).fetchall()
                last, buf = buf, ''
    return rows, last


def christmas_brute(n, edges, a, k):
    adj = {u: [] for u in range(1, n + 1)}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    answer = []
    for root in range(1, n + 1):
        parent, depth, order = {root: None}, {root: 0}, [root]
        for u in order:
            for v in adj[u]:
                if v not in depth:
                    parent[v], depth[v] = u, depth[u] + 1
                    order.append(v)
        up = {}
        for u in order:
            x = u
            for _ in range(k):
                x = parent[x] if x is not None else None
            up[u] = x
        memo = {}

        def won(pos):
            if pos not in memo:
                res = False
                for i in range(n):
                    if up[i + 1] is None or res:
                        continue
                    for c in range(1, pos[i] + 1):
                        nxt = list(pos)
                        nxt[i] -= c
                        nxt[up[i + 1] - 1] += c
                        if not won(tuple(nxt)):
                            res = True
                            break
                memo[pos] = res
            return memo[pos]
        answer.append(int(won(tuple(a))))
    return answer


import sqlite3 as _sqlite3  # noqa: E402
sqlite3_complete = _sqlite3.complete_statement
cf = Db()
rows, query = run_example(cf.conn, 'examples/cf1498f.sql')
SAMPLE = (5, [(1, 2), (1, 3), (5, 2), (4, 3)], [0, 3, 2, 4, 4], 1)
brute = christmas_brute(*SAMPLE)
t.is_([w for _, w in rows], [1, 0, 0, 1, 1], 'examples/cf1498f.sql: the sample of CF 1498F gives 1 0 0 1 1')
t.is_(brute, [1, 0, 0, 1, 1], 'CF 1498F sample: the brute force (game-tree search) gives 1 0 0 1 1')
diag = []
for trial in range(15 if SANITIZED else 60):
    n = rng.randint(1, 6)
    edges = [(v, rng.randint(1, v - 1)) for v in range(2, n + 1)]
    rng.shuffle(edges)
    a = [rng.randint(0, 3) for _ in range(n)]
    while sum(a) > 7:
        a[rng.randrange(n)] = 0
    k = rng.randint(1, 3)
    cf.conn.execute("DELETE FROM cgt_edge WHERE graph_id = 'cf1498f'")
    cf.conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('cf1498f', ?, ?)", edges)
    cf.conn.execute('DELETE FROM present')
    cf.conn.executemany('INSERT INTO present VALUES (?, ?)', list(enumerate(a, 1)))
    cf.conn.execute('UPDATE setting SET k = ?', (k,))
    got = [w for _, w in cf.conn.execute(query).fetchall()]
    want = christmas_brute(n, edges, a, k)
    if got != want:
        diag.append('n=%d edges %r a %r k=%d: example %r, brute force %r' % (n, edges, a, k, got, want))
t.ok(not diag, "examples/cf1498f.sql's query equals the brute force on random trees of up to 6 nodes, k = 1..3",
     '\n'.join(diag[:5]))

print('# %.1f s' % (time.time() - T0))
t.done()
