#!/usr/bin/python3
# Partizan games on stored graphs: cg_snort, cg_col and cg_hackenbush.
#
# Known values (Winning Ways, ch. 2): one vertex is * in Snort and in Col;
# Snort on an edge is +-1, Col on an edge 0; three positions from CGSuite's
# tests; Hackenbush strings equal
# surreal_value('hackenbush', ...); a blue stalk with two red branches is
# 1/4; green pictures equal green_hackenbush's nimber.
#
# Differential: on random small graphs and pictures, each value against a
# brute force written here without any decomposition: the whole game tree
# is stored as a partizan graph (one node per colouring, or per set of
# standing edges) and valued by cg_value.
#
# Environment: CGT_EXT, CGT_SANITIZED=1 (fewer trials), CGT_PRELOAD, CGT_SEED.
import json
import os
import random
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect, SANITIZED  # noqa: E402

SEED = int(os.environ.get("CGT_SEED", random.randrange(1 << 30)))
print("# seed %d%s" % (SEED, " (CGT_SANITIZED: fewer trials)" if SANITIZED else ""))
rng = random.Random(SEED)
t = Tap()
db = connect()
db.executescript("""
CREATE TABLE cgt_edge(graph_id, src, dst, side);
CREATE TABLE cgt_node(graph_id, node);
""")
BRUTE = 100000   # graph ids of the brute-force game trees start here


def one(sql, *args):
    return db.execute(sql, args).fetchone()[0]


def store(gid, edges, nodes=()):
    db.executemany("INSERT INTO cgt_edge VALUES (?, ?, ?, ?)", [(gid,) + tuple(e) for e in edges])
    db.executemany("INSERT INTO cgt_node VALUES (?, ?)", [(gid, v) for v in nodes])


# ---- brute forces ----

def snortcol_tree(gid, n, edges, colour, col):
    """Stores the game tree of Snort/Col from colouring colour (0, 1 blue,
    2 red per vertex) as graph gid; returns the start node."""
    nbrs = [set() for _ in range(n)]
    for u, v in edges:
        if u != v:
            nbrs[u].add(v)
            nbrs[v].add(u)
    key = lambda s: "".join(".LR"[c] for c in s)
    start = tuple(colour)
    seen, todo, rows = {start}, [start], []
    while todo:
        s = todo.pop()
        for v in range(n):
            if s[v]:
                continue
            for side, c in (("L", 1), ("R", 2)):
                banned = c if col else 3 - c
                if any(s[w] == banned for w in nbrs[v]):
                    continue
                nxt = s[:v] + (c,) + s[v + 1:]
                rows.append((key(s), key(nxt), side))
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    store(gid, rows, [key(start)])
    return key(start)


def grounded(edges, mask, ground):
    """The edges of mask still joined to the ground."""
    reach, keep, grow = {ground}, 0, True
    while grow:
        grow = False
        for e, (u, v, _) in enumerate(edges):
            if mask >> e & 1 and not keep >> e & 1 and (u in reach or v in reach):
                keep |= 1 << e
                reach |= {u, v}
                grow = True
    return keep


def hackenbush_tree(gid, edges, ground):
    """Stores the game tree of the Hackenbush picture as graph gid; returns
    the start node."""
    start = grounded(edges, (1 << len(edges)) - 1, ground)
    seen, todo, rows = {start}, [start], []
    while todo:
        m = todo.pop()
        for e, (_, _, side) in enumerate(edges):
            if not m >> e & 1:
                continue
            nxt = grounded(edges, m & ~(1 << e), ground)
            for who in ("L", "R"):
                if side is None or side == who:
                    rows.append(("h%d" % m, "h%d" % nxt, who))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    store(gid, rows, ["h%d" % start])
    return "h%d" % start


# ---- known values ----

store(1, [], ["a"])
store(2, [(1, 2, None)])
store(3, [(1, 2, None), (2, 3, "L")])
store(4, [(1, 2, None), (2, 1, "R"), (2, 2, None)])   # one edge, both ways, a loop
t.is_(one("SELECT cg_snort(1) || ' ' || cg_col(1)"), "* *", "one vertex: * in Snort and Col")
t.is_(one("SELECT cg_snort(2) || ' ' || cg_col(2)"), "+-1 0", "an edge: Snort +-1, Col 0")
t.is_(one("SELECT cg_snort(3) || ' ' || cg_col(3)"), "+-2 0", "a path of three (side ignored): Snort +-2, Col 0")
t.is_(one("SELECT cg_snort(4) || ' ' || cg_col(4)"), "+-1 0", "an edge given both ways is one edge; loops ignored")
t.is_(one("""SELECT cg_col(2, '{"1": "L"}') || ' ' || cg_snort(2, '{"1": "L"}') || ' ' || cg_col(3, '{"2": "R"}')"""),
      "-1 1 2", "colourings: Col next to blue is -1, Snort 1; a red middle in Col leaves two ends worth 1")
t.is_(one("""SELECT cg_snort(2, '{}') = cg_snort(2) AND cg_col(3, '{"1": "L", "3": "L"}') = '-1'"""), 1,
      "an empty colouring; both ends blue leave a middle only red may take")
store(5, [], ["n1", 7])
t.is_(one("""SELECT cg_snort(5, '{"7": "L"}') || ' ' || cg_col(5, '{"n1": "R", "7": "R"}')"""), "* 0",
      "keys name INTEGER nodes and TEXT nodes")
t.is_(one("SELECT cg_snort(99) || ' ' || cg_col(99)"), "0 0", "a graph without rows is the empty graph")
# CGSuite's test vectors (GameGraphTest.scala, org.cgsuite.lang): there a
# vertex labelled L or R is tinted as by a coloured neighbour of that colour;
# here that neighbour is a leaf coloured so.
store(6, [(i, i + 1, None) for i in range(1, 10)] + [(v, "t%d" % v, None) for v in (1, 3, 5, 7, 9)])
t.is_(one("""SELECT cg_col(6, '{"t1": "R", "t3": "R", "t5": "L", "t7": "R", "t9": "R"}')"""), "7/8",
      "CGSuite: Col 1R-2-3R-4-5L-6-7R-8-9R-10 = 7/8")
store(7, [(i, i + 1, None) for i in range(0, 6)])
t.is_(one("""SELECT cg_snort(7, '{"0": "L", "6": "L"}')"""), "{4|0,+-1}", "CGSuite: Snort 1L-2-3-4-5L = {4|0,+-1}")
store(8, [(1, 2, None), (2, 3, None), (3, 4, None), (3, 5, None)])
t.is_(one("SELECT cg_snort(8)"), "+-{3|2}", "CGSuite: Snort 1-2-3-4;3-5 = +-{3|2}")


for s in ["L", "R", "LR", "LLRL", "RRLRL", "LRRLLRLLLRRL", "LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLR"]:
    gid = 10
    db.execute("DELETE FROM cgt_edge WHERE graph_id = 10")
    store(gid, [(i, i + 1, c) for i, c in enumerate(s)])
    t.is_(one("SELECT cg_hackenbush(10, 0)"), one("SELECT surreal_value('hackenbush', ?)", s),
          "hackenbush string %s equals surreal_value" % s)
store(11, [(0, 1, "L"), (1, 2, "R"), (1, 3, "R")])
t.is_(one("SELECT cg_hackenbush(11, 0)"), "1/4", "a blue stalk with two red branches is 1/4")
t.is_(one("SELECT cg_hackenbush(11, 1)"), "-1", "the same picture grounded at the fork: two red and one blue edge")
store(12, [(0, 1, "L"), (0, 1, "R"), (1, 2, None), (0, 0, "L"), (0, 0, None)])
t.is_(one("SELECT cg_hackenbush(12, 0)"), "1",
      "parallel blue and red edges with green on top (0), a blue loop (1) and a green loop (*): 1")
t.is_(one("SELECT cg_hackenbush(12, 2)"), one("SELECT cg_value(?, ?)", BRUTE, hackenbush_tree(BRUTE, [
    (0, 1, "L"), (0, 1, "R"), (1, 2, None), (0, 0, "L"), (0, 0, None)], 2)),
      "grounded at the top: a green edge holding a blue-red cycle with loops (brute force)")
store(13, [], ["g"])
t.is_(one("SELECT cg_hackenbush(13, 'g')"), "0", "the bare ground is 0")

# ---- NULLs and errors ----

t.is_(db.execute("SELECT cg_snort(NULL), cg_col(NULL, '{}'), cg_col(2, NULL), cg_hackenbush(NULL, 0), "
                 "cg_hackenbush(2, NULL)").fetchone(), (None,) * 5, "NULL arguments give NULL")
t.raises(lambda: one("SELECT cg_hackenbush(2, 9)"), "cgt: cg_hackenbush: unknown node 9 in graph 2", "unknown ground")
t.raises(lambda: one("""SELECT cg_snort(2, '{"9": "L"}')"""), "cgt: cg_snort: unknown node '9' in graph 2",
         "unknown node in the colouring")
t.raises(lambda: one("""SELECT cg_col(2, '{"1": "B"}')"""),
         'cgt: cg_col: the colouring gives node "1" the colour "B"', "a colour other than L or R")
t.raises(lambda: one("""SELECT cg_col(2, '{"1": 1}')"""),
         'cgt: cg_col: the colouring gives node "1" a JSON integer', "a colour that is not text")
for bad in ["'[1]'", "'{'", "'zz'", "1", "x'00'"]:
    t.raises(lambda: one("SELECT cg_snort(2, %s)" % bad), "cgt: cg_snort: the colouring must be a JSON object",
             "colouring %s is not a JSON object" % bad)
store(14, [(1, 2, "X")])
for f in ["cg_snort(14)", "cg_col(14)", "cg_hackenbush(14, 1)"]:
    t.raises(lambda: one("SELECT " + f), "cgt_edge has side 'X' in graph 14", "bad side: " + f)
store(15, [(i, i + 1, None) for i in range(64)])
t.raises(lambda: one("SELECT cg_col(15)"),
         "cgt: cg_col: a connected part of 65 uncoloured vertices (at most 64)", "Snort and Col: the part limit",
         code=18)
store(18, [(i, i + 1, None) for i in range(33)])
store(19, [(i, i + 1, None) for i in range(33, 64)])
t.is_(one("""SELECT cg_col(15, '{"33": "L"}') = cg_add(cg_col(18, '{"33": "L"}'), cg_col(19, '{"33": "L"}'))"""), 1,
      "a colouring splits the path into parts under the limit, which add up")
store(16, [(i, i + 1, "L" if i % 3 else "R") for i in range(129)])
t.raises(lambda: one("SELECT cg_hackenbush(16, 0)"),
         "cgt: cg_hackenbush: a part hanging from the ground with 129 edges, not all green (at most 128", "the edge limit",
         code=18)
t.is_(one("SELECT cg_hackenbush(16, 1) = cg_add(surreal_value('hackenbush', 'R'), surreal_value('hackenbush', ?))",
          "".join("L" if i % 3 else "R" for i in range(1, 129))), 1,
      "grounded at the second node: two parts of 1 and 128 edges add up")
store(17, [(i, i + 1, None) for i in range(5000)] + [(i, i, None) for i in range(0, 5000, 7)])
t.is_(one("SELECT cg_hackenbush(17, 0) = '*' || green_hackenbush(17, 0)"), 1,
      "a green picture past the edge limit: green_hackenbush's nimber")

# ---- random small graphs against the brute force ----

trials = 12 if SANITIZED else 30
bad = []
for trial in range(trials):
    gid, bid = 1000 + trial, BRUTE + 2 * trial
    n = rng.choice([1, 2, 3, 4, 5, 6, 6, 7, 7, 8])
    text_ids = rng.random() < 0.3
    name = (lambda v: "v%d" % v) if text_ids else (lambda v: v)
    edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(2 * n + 1))]
    store(gid, [(name(u), name(v), rng.choice([None, "L", "R"])) for u, v in edges], [name(v) for v in range(n)])
    colour = [rng.choice([0, 0, 0, 1, 2]) if rng.random() < 0.5 else 0 for _ in range(n)]
    js = json.dumps({str(name(v)): ".LR"[c] for v, c in enumerate(colour) if c})
    for col, fn in ((0, "cg_snort"), (1, "cg_col")):
        start = snortcol_tree(bid + col, n, edges, colour, col)
        want = one("SELECT cg_value(?, ?)", bid + col, start)
        got = one("SELECT %s(?, ?)" % fn, gid, js)
        if got != want:
            bad.append("%s n=%d edges=%r colouring=%s: got %s, brute force %s" % (fn, n, edges, js, got, want))
        if not any(colour) and one("SELECT %s(?)" % fn, gid) != got:
            bad.append("%s without colouring differs from the empty one" % fn)
t.ok(not bad, "Snort and Col on %d random graphs of up to 8 vertices equal the brute force" % trials, "\n".join(bad[:5]))

bad = []
for trial in range(trials):
    gid, bid = 2000 + trial, BRUTE + 5000 + trial
    nv = rng.randrange(1, 7)
    m = rng.randrange(0, 10)
    greens = rng.random() < 0.2
    edges = [(rng.randrange(nv), rng.randrange(nv), None if greens else rng.choice([None, "L", "R"]))
             for _ in range(m)]
    ground = rng.randrange(nv)
    store(gid, edges, list(range(nv)))
    start = hackenbush_tree(bid, edges, ground)
    want = one("SELECT cg_value(?, ?)", bid, start)
    got = one("SELECT cg_hackenbush(?, ?)", gid, ground)
    if got != want:
        bad.append("edges=%r ground=%d: got %s, brute force %s" % (edges, ground, got, want))
    if greens:
        nim = one("SELECT green_hackenbush(?, ?)", gid, ground)
        if got != ("0" if nim == 0 else "*" if nim == 1 else "*%d" % nim):
            bad.append("green edges=%r ground=%d: %s, green_hackenbush %s" % (edges, ground, got, nim))
t.ok(not bad, "Hackenbush on %d random pictures of up to 9 edges equals the brute force" % trials, "\n".join(bad[:5]))

t.is_(one("SELECT cg_hackenbush(2000, 0) IS NOT NULL AND cg_snort(1000) IS NOT NULL"), 1,
      "values come again from the same connection")
t.done()
