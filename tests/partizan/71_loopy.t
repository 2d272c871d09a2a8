#!/usr/bin/python3
# Loopy partizan values (docs/loopy.md) against play: a brute-force
# retrograde analysis written here decides, on random small graphs with
# cycles, who wins each sum of positions with either player first, and
# whether Left survives H - G; cgt's values (cg_value, cg_sum, cg_le,
# cg_outcome) must agree, and every printed value must read back to
# itself.  Then Winning Ways' facts about on, off, dud, over, upon (vol. 2,
# ch. 11), the errors, and NULL arguments.
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()
conn.executescript(open("sql/cgt_schema.sql").read())
rng = random.Random(71)


def moves(edges, pos, left):
    """The moves of the mover (left True: Left) from pos in graph edges."""
    return [b for (a, b, s) in edges if a == pos and (s is None or s == ("L" if left else "R"))]


def play(components, start, left_first):
    """Result of a sum by brute force: components are (edges, negated),
    start the tuple of positions.  +1 Left wins, -1 Right wins, 0 draw."""
    states, order, frontier = {}, [], [(start, left_first)]
    while frontier:   # every (position, mover) reachable
        st = frontier.pop()
        if st in states:
            continue
        pos, left = st
        succ = []
        for i, (edges, neg) in enumerate(components):
            for b in moves(edges, pos[i], left != neg):
                succ.append((pos[:i] + (b,) + pos[i + 1:], not left))
        states[st] = succ
        frontier.extend(succ)
    won = {}   # state -> +1 / -1 (the winner)
    changed = True
    while changed:   # fixpoint: lost when no move or every move wins for the other
        changed = False
        for st, succ in states.items():
            if st in won:
                continue
            me = 1 if st[1] else -1
            if any(won.get(x) == me for x in succ):
                won[st], changed = me, True
            elif all(won.get(x) == -me for x in succ):
                won[st], changed = -me, True
    return won.get((start, left_first), 0)


CLASS = {(1, 1): "L", (-1, -1): "R", (1, -1): "N", (-1, 1): "P", (0, 0): "D",
         (1, 0): "NHat", (0, -1): "NCheck", (0, 1): "PHat", (-1, 0): "PCheck"}


def random_graph(gid):
    n = rng.randint(1, 5)
    edges = set()
    for _ in range(rng.randint(0, 2 * n + 1)):
        edges.add((rng.randrange(n), rng.randrange(n), rng.choice(["L", "R", "L", "R", None])))
    edges = sorted(edges, key=str)
    conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES (?, ?, ?, ?)",
                     [(gid, a, b, s) for (a, b, s) in edges])
    conn.executemany("INSERT OR IGNORE INTO cgt_node(graph_id, node) VALUES (?, ?)", [(gid, v) for v in range(n)])
    return n, edges


def one(sql, *args):
    return conn.execute(sql, args).fetchone()[0]


bad_sum = bad_le = bad_print = sums = les = 0
for gid in range(120):
    n, edges = random_graph(gid)
    values = [one("SELECT cg_value(?, ?)", gid, v) for v in range(n)]
    for v in range(n):
        bad_print += one("SELECT cg(?)", values[v]) != values[v]
    for _ in range(3):   # sums of 1 to 3 positions: the class by play and by value
        k = rng.randint(1, 3)
        toks = [rng.randrange(n) for _ in range(k)]
        want = CLASS[(play([(edges, False)] * k, tuple(toks), True), play([(edges, False)] * k, tuple(toks), False))]
        got = one("SELECT cg_outcome(cg_sum(cg_value(?, value))) FROM json_each(?)", gid, str(toks))
        sums += 1
        if got != want:
            bad_sum += 1
            t.diag("graph %s, sum of %s: by value %s, by play %s" % (edges, toks, got, want))
    for _ in range(3):   # G <= H for stoppers: Left, moving second in H - G, survives
        g, h = rng.randrange(n), rng.randrange(n)
        if not (one("SELECT cg_is_stopper(?)", values[g]) and one("SELECT cg_is_stopper(?)", values[h])):
            continue
        want = int(play([(edges, False), (edges, True)], (h, g), False) != -1)
        les += 1
        if one("SELECT cg_le(?, ?)", values[g], values[h]) != want:
            bad_le += 1
            t.diag("graph %s: %s <= %s should be %d" % (edges, values[g], values[h], want))
t.ok(bad_sum == 0, "the class of %d sums of positions of random graphs with cycles, by value = by play" % sums)
t.ok(bad_le == 0 and les > 50, "%d comparisons of stoppers G <= H = Left survives H - G moving second" % les)
t.ok(bad_print == 0, "every value of those graphs prints a text that reads back to itself")

# +-G of an upon form with a number or a star prints its braces back
# (found by fuzz_loopy: +-{5v<on>} printed as +-5v<on>, which reads as
# (+-5) + v<on>).
for g in ["5v<on>", "5^[on]*", "-3^<on>*2", "1/2v[on]"]:
    printed = one("SELECT cg(?)", "+-{%s}" % g)
    t.is_(one("SELECT cg(?) = cg(?)", printed, "{%s|-(%s)}" % (g, g)), 1,
          "+-{%s} prints as %s, which reads back to itself" % (g, printed))

# Winning Ways, vol. 2, ch. 11 ("Games Infinite and Indefinite"): on is
# bigger than every game, dud swallows everything, over is a positive
# number smaller than every positive number, upon is between ^ and ^^.
t.is_(one("SELECT cg_add('on', '{5|-5}')"), "on", "on + G = on for a short G")
t.is_(one("SELECT cg_add('dud', '5over')") + " " + one("SELECT cg_add('dud', '{1|-1}')"), "dud dud",
      "dud + G = dud")
t.is_(one("SELECT cg_cmp('over', '0') || cg_cmp('over', '1/1024') || cg_cmp('over', '^')"), "><>",
      "0 < over < 1/1024, and over > ^")
t.is_(one("SELECT cg_cmp('upon', '^') || cg_cmp('upon', '^^')"), "><", "^ < upon < ^^")
t.is_(one("SELECT cg_outcome('on') || cg_outcome('off') || cg_outcome('dud') || cg_outcome('over')"), "LRDL",
      "outcomes of on, off, dud, over")
t.is_(one("SELECT cg_add('on', 'off')"), "dud", "on + off = dud")
t.is_(one("SELECT cg_add('over', 'over')"), "over", "over + over = over (idempotent)")
t.is_(one("SELECT cg_sub('upon', 'upon')"), "^<on> & v<on>", "upon - upon = ^<on> & v<on> (its degree is ^<on>)")

# Siegel, Combinatorial Game Theory (AMS, 2013), ch. VI: canonical
# stoppers have no 2- or 3-cycles but may have longer ones (his Figure
# VI.3.2, a 4-cycle, CGSuite's loopy-games tutorial).  Degrees are often
# idempotent, but not always: CGSuite's tests have {0|||0||0|off}, whose
# degree is not, so its variety is an error.
t.is_(one("SELECT cg('x{0||||0|||x|*||*}')"), "a{0||||0|||a|*||*}", "a canonical stopper with a 4-cycle keeps it")
t.is_(one("SELECT count(*) FROM cg_followers('x{0||||0|||x|*||*}')"), 6, "... its six positions, each once")
degrees = [one("SELECT cg_degree(?)", g) for g in ["upon", "over", "^<on>", "+-{5|pass}"]]
t.ok(all(one("SELECT cg_is_idempotent(?)", d) == 1 for d in degrees), "these degrees are idempotent: %s" % degrees)
t.is_(one("SELECT cg_is_idempotent(cg_degree('{0|||0||0|off}'))"), 0, "the degree of {0|||0||0|off} is not")

# Errors name the function and the cause; NULL gives NULL.
for sql, want in [
        ("SELECT cg('pass')", "cgt: cg: Unexpected pass (a pass is an option of its own) at position 1 in 'pass'"),
        ("SELECT cg('{0|pass+1}')", "cgt: cg: Unexpected pass (a pass is an option of its own) at position 4 in"),
        ("SELECT cg('a{0|a+1}')", "cgt: cg: Unexpected label: a label is an option of its own at position 5"),
        ("SELECT cg('a{0|b}')", "cgt: cg: unknown name 'b'"),
        ("SELECT cg('0 & 1')", "cgt: cg: offside is not <= onside at position 3 in '0 & 1'"),
        ("SELECT cg('on & off & 0')", "cgt: cg: more than one '&'"),
        ("SELECT cg_sided('0', '1')", "cgt: cg_sided: the offside is not <= the onside"),
        ("SELECT cg_degree('dud')", "cgt: cg_degree: defined for stoppers: take cg_onside or cg_offside"),
        ("SELECT cg_upsum('dud', '0')", "cgt: cg_upsum: defined for stoppers"),
        ("SELECT cg_upsum_variety('upon', '1')", "cgt: cg_upsum_variety: the degree must be idempotent"),
        ("SELECT cg_variety('a{0|{0||||0,*2|||a|0||0}||0}')", "cgt: cg_variety: the game is not stable"),
        ("SELECT cg_leftstop('dud')", "cgt: cg_leftstop: a sided value has no stops"),
        ("SELECT cg_mean('over')", "cgt: cg_mean: not defined for a loopy game ('over')"),
        ("SELECT cg_thermograph('on')", "cgt: cg_thermograph: not defined for a loopy game ('on')"),
        ("SELECT * FROM cg_options('dud')", "cgt: cg_options: a sided value (S & T) has no options"),
        ("SELECT cg_onside('a{0,{1|1,{*,{1*|1*,a}|*}}|0}')", "cgt: cg_onside: a side of the value is not a stopper"),
        ("SELECT cg(?)", "cgt: cg: a NUL byte at byte 3 of the game's text")]:
    args = ("on\x00x",) if "?" in sql else ()
    try:
        got = "no error: %r" % (conn.execute(sql, args).fetchall(),)
    except Exception as e:  # noqa: BLE001
        got = str(e)
    t.ok(got.startswith(want), "error: " + sql, "got %s" % got)
for f in ["cg_onside", "cg_offside", "cg_is_stopper", "cg_is_stopper_sided", "cg_is_plumtree", "cg_is_loopfree",
          "cg_is_pseudonumber", "cg_is_idempotent", "cg_is_stable", "cg_degree", "cg_variety"]:
    t.is_(one("SELECT %s(NULL)" % f), None, "%s(NULL) is NULL" % f)
for f in ["cg_sided", "cg_upsum", "cg_downsum", "cg_upsum_variety", "cg_downsum_variety"]:
    t.is_(one("SELECT %s('on', NULL)" % f), None, "%s('on', NULL) is NULL" % f)

# Memory: a loopy game past the connection's setting is an error naming the bytes.
conn.execute("SELECT cgt_setting('memory', 20000000)")
try:
    conn.execute("SELECT cg('3000over')").fetchall()
    t.ok(False, "a canonical form past the memory setting is an error")
except Exception as e:  # noqa: BLE001
    t.ok("more than the 'memory' setting" in str(e), "a canonical form past the memory setting is an error", str(e))
t.done()
