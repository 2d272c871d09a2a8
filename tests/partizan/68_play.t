#!/usr/bin/python3
"""partizan_outcome and partizan_sum (docs/loopy.md): who wins a partizan
game on a stored graph by play, draws included, in CGSuite's nine classes.

Checked against: the classes Winning Ways (vol. 2, ch. 11) and CGSuite give
on, off, dud, over and under and their sums; cg_outcome of cg_value (the
short-game values, independent code) on random acyclic graphs, for single
tokens and for sums (cg_add); and a brute force written here on random
graphs with cycles: the least fixed point of "won" and "lost" computed by
plain iteration over every (tuple of positions, player to move) state."""
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import SANITIZED, Tap, connect  # noqa: E402


def trials(n):
    return n // 4 if SANITIZED else n


t = Tap()
conn = connect()
one = lambda sql, *a: conn.execute(sql, a).fetchone()[0]  # noqa: E731
conn.executescript(open("sql/cgt_schema.sql").read())

# ---- named loopy games (Winning Ways vol. 2 ch. 11; CGSuite's constants)
conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES ('w', ?, ?, ?)", [
    ("on", "on", "L"), ("off", "off", "R"), ("dud", "dud", None), ("over", "zero", "L"), ("over", "over", "R"),
    ("under", "under", "L"), ("under", "zero", "R"), ("one", "zero", "L"), ("star", "zero", None),
    ("nhat", "zero", "L"), ("nhat", "dud", "R"), ("ncheck", "dud", "L"), ("ncheck", "zero", "R"),
    ("phat", "dud", "L"), ("pcheck", "dud", "R")])
conn.execute("INSERT INTO cgt_node(graph_id, node) VALUES ('w', 'zero')")
want = {"on": "L", "off": "R", "dud": "D", "over": "L", "under": "R", "zero": "P", "one": "L", "star": "N",
        "nhat": "NHat", "ncheck": "NCheck", "phat": "PHat", "pcheck": "PCheck"}
t.is_({n: one("SELECT partizan_outcome('w', ?)", n) for n in want}, want,
      "on, off, dud, over, under, 0, 1, *: L R D L R P L N; {0|dud}, {dud|0}, {dud|}, {|dud}: the four with draws")
sums = [(["on", "off"], "D"), (["over", "under"], "D"), (["one", "off"], "R"), (["on", "dud"], "D"),
        (["nhat", "one"], "NHat"), (["dud", "dud"], "D"), (["over", "over"], "L"), (["star", "star"], "P"),
        ([], "P"), (["zero"], "P")]
for tokens, cls in sums:
    t.is_(one("SELECT partizan_sum('w', value) FROM json_each(?)", str(tokens).replace("'", '"')), cls,
          "%s: %s" % (" + ".join(tokens) or "the empty sum", cls))
t.is_(one("SELECT partizan_sum(g, n) FROM (SELECT 'w' AS g, 'one' AS n UNION ALL SELECT 'w', 'off')"), "R",
      "rows from a query")

# ---- NULLs and unknown nodes, as every graph function
t.is_(conn.execute("SELECT partizan_outcome(NULL, 'on'), partizan_outcome('w', NULL)").fetchone(), (None, None),
      "a NULL argument gives NULL")
t.is_(one("SELECT partizan_sum('w', value) FROM json_each('[\"on\", null]')"), None, "a NULL row makes the sum NULL")
t.raises(lambda: one("SELECT partizan_outcome('w', 'nope')"), "cgt: partizan_outcome: unknown node 'nope' in graph 'w'",
         "an unknown node is an error")
t.raises(lambda: one("SELECT partizan_sum('w', value) FROM json_each('[\"on\", \"nope\"]')"),
         "cgt: partizan_sum: unknown node 'nope' in graph 'w'", "in a sum too")
t.raises(lambda: one("SELECT partizan_outcome('nowhere', 1)"), "cgt: partizan_outcome: unknown node 1 in graph "
         "'nowhere'", "a graph with no rows knows no node")
low = connect()
low.executescript(open("sql/cgt_schema.sql").read())
low.execute("SELECT cgt_setting('memory', 1048576)")
low.execute("""INSERT INTO cgt_edge(graph_id, src, dst, side)
               WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
               SELECT 1, i, (i * 7 + 1) % 301, 'L' FROM n UNION ALL SELECT 1, i, (i * 11 + 3) % 301, 'R' FROM n""")
t.raises(lambda: low.execute("SELECT partizan_sum(1, value) FROM json_each('[0, 1, 2]')").fetchone(),
         "cgt: partizan_sum: needs", "a product over the 'memory' setting: an error naming the bytes", code=18)


# ---- brute force: plain fixed-point iteration over all states
def brute(edges, tokens):
    """The class of the sum of tokens (nodes of the one graph edges: (u, v, who))."""
    moves = {}
    for u, v, who in edges:
        moves.setdefault(u, []).append((v, who))
    states = set()
    frontier = [(tuple(sorted(tokens)), m) for m in (0, 1)]
    while frontier:
        s = frontier.pop()
        if s in states:
            continue
        states.add(s)
        for nxt in succ(s, moves):
            frontier.append(nxt)
    won, lost = set(), set()
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in won or s in lost:
                continue
            nx = list(succ(s, moves))
            if any(x in lost for x in nx):
                won.add(s)
                changed = True
            elif all(x in won for x in nx):
                lost.add(s)
                changed = True
    start = tuple(sorted(tokens))
    lf = "L" if (start, 0) in won else "R" if (start, 0) in lost else "D"
    rf = "R" if (start, 1) in won else "L" if (start, 1) in lost else "D"
    return {("L", "L"): "L", ("R", "R"): "R", ("L", "R"): "N", ("R", "L"): "P", ("D", "D"): "D",
            ("L", "D"): "NHat", ("R", "D"): "PCheck", ("D", "L"): "PHat", ("D", "R"): "NCheck"}[(lf, rf)]


def succ(state, moves):
    tup, mover = state
    bit = 1 if mover == 0 else 2
    for i, u in enumerate(tup):
        for v, who in moves.get(u, []):
            if who & bit:
                yield tuple(sorted(tup[:i] + (v,) + tup[i + 1:])), 1 - mover


rng = random.Random(68)


def random_graph(gid, n, m, acyclic):
    edges = set()
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if acyclic and u <= v:
            continue
        edges.add((u, v, rng.choice([1, 2, 3])))
    side = {1: "L", 2: "R", 3: None}
    conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES (?, ?, ?, ?)",
                     [(gid, u, v, side[w]) for u, v, w in edges])
    conn.executemany("INSERT INTO cgt_node(graph_id, node) VALUES (?, ?)", [(gid, u) for u in range(n)])
    return sorted(edges)


bad_value = bad_brute = bad_sum = 0
first = ""
for trial in range(trials(40)):
    n = rng.randint(2, 9)
    acyclic = trial % 2 == 0
    gid = 100 + trial
    edges = random_graph(gid, n, rng.randint(1, 3 * n), acyclic)
    for u in range(n):
        got = one("SELECT partizan_outcome(?, ?)", gid, u)
        if acyclic:   # the short game's value says the same
            via = one("SELECT cg_outcome(cg_value(?, ?))", gid, u)
            if got != via and not bad_value:
                first = "graph %s node %d: %s, cg_outcome(cg_value) %s" % (edges, u, got, via)
            bad_value += got != via
        b = brute(edges, [u])
        if got != b and not bad_brute:
            first = "graph %s node %d: %s, brute force %s" % (edges, u, got, b)
        bad_brute += got != b
    for tokens in itertools.islice(itertools.combinations_with_replacement(range(n), 2 + trial % 2), 6):
        got = one("SELECT partizan_sum(?, value) FROM json_each(?)", gid, str(list(tokens)))
        b = brute(edges, list(tokens))
        if acyclic:
            v = one("SELECT cg_outcome(cg_add(%s))" % ", ".join("cg_value(%d, %d)" % (gid, x) for x in tokens))
            b = b if b == v else "disagree: brute %s, values %s" % (b, v)
        if got != b and not bad_sum:
            first = "graph %s tokens %s: %s, expected %s" % (edges, tokens, got, b)
        bad_sum += got != b
t.ok(bad_value == 0, "random acyclic graphs: partizan_outcome is cg_outcome(cg_value) at every node", first)
t.ok(bad_brute == 0, "random graphs with cycles: partizan_outcome equals the brute-force fixed point", first)
t.ok(bad_sum == 0, "sums of 2 and 3 tokens: partizan_sum equals the brute force (and cg_outcome(cg_add) of the "
     "values on acyclic graphs)", first)
t.done()
