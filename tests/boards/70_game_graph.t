#!/usr/bin/python3
# game_graph(ruleset, board): the rows are exactly the moves of every
# position reachable from the board, as a brute force written here finds
# them (a breadth-first search in Python with its own move rules); stored in
# cgt_edge they give cg_value(graph, board) = cg_board's value (and
# surreal_value's) at every position, and for heap rules grundy(graph,
# position) = the nim-sum of heap_grundy over the heaps.  Then canonical
# texts, NULLs, errors and the limits.
#
# CGT_GAME_GRAPH_SEED fixes the random boards (printed as a diagnostic).
# The sanitized run takes a third of the random boards and leaves out the
# size limits (each is reached by making what it limits: seconds).
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect, SANITIZED  # noqa: E402

t = Tap()
conn = connect()
conn.executescript("""
CREATE TABLE cgt_edge(graph_id NOT NULL, src NOT NULL, dst NOT NULL,
  side TEXT CHECK (side IS NULL OR side IN ('L', 'R')));
CREATE INDEX cgt_edge_by_graph ON cgt_edge(graph_id, src, dst, side);
CREATE TABLE cgt_node(graph_id NOT NULL, node NOT NULL);
""")
seed = int(os.environ.get("CGT_GAME_GRAPH_SEED", random.randrange(1 << 30)))
print("# seed %d" % seed)
rng = random.Random(seed)
SQLITE_TOOBIG = 18


def rows(ruleset, board):
    return conn.execute("SELECT src, dst, side FROM game_graph(?, ?)", (ruleset, board)).fetchall()


# ---- the brute force: moves of each ruleset, and a breadth-first search ----

def grid_moves(ruleset, pos):
    """(side, option) pairs of a board text, by the rules of cg_board."""
    g = [list(r) for r in pos.split("|")] if pos else []
    R, C = len(g), len(g[0]) if g else 0
    out = []

    def text(h):
        return "|".join("".join(r) for r in h)

    for i in range(R):
        for j in range(C):
            if ruleset == "domineering" and g[i][j] == ".":
                if i + 1 < R and g[i + 1][j] == ".":
                    h = [r[:] for r in g]
                    h[i][j] = h[i + 1][j] = "#"
                    out.append(("L", text(h)))
                if j + 1 < C and g[i][j + 1] == ".":
                    h = [r[:] for r in g]
                    h[i][j] = h[i][j + 1] = "#"
                    out.append(("R", text(h)))
            elif ruleset == "clobber" and g[i][j] in "xo":
                me, enemy = g[i][j], "o" if g[i][j] == "x" else "x"
                for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    a, b = i + di, j + dj
                    if 0 <= a < R and 0 <= b < C and g[a][b] == enemy:
                        h = [r[:] for r in g]
                        h[i][j], h[a][b] = ".", me
                        out.append(("L" if me == "x" else "R", text(h)))
            elif ruleset == "toadsfrogs" and g[i][j] in "TF":
                step = 1 if g[i][j] == "T" else -1
                enemy = "F" if step == 1 else "T"
                for k in (j + step, j + 2 * step):
                    if not 0 <= k < C or (k == j + 2 * step and g[i][j + step] != enemy):
                        continue
                    if g[i][k] == ".":
                        h = [r[:] for r in g]
                        h[i][j], h[i][k] = ".", g[i][j]
                        out.append(("L" if step == 1 else "R", text(h)))
    return out


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def toe_moves(pos):
    out = []
    for side, mark in (("L", "x"), ("R", "o")):
        for i in range(9):
            if pos[i] == ".":
                q = pos[:i] + mark + pos[i + 1:]
                if not any(q[a] == q[b] == q[c] == mark for a, b, c in LINES):
                    out.append((side, q))
    return out


def hack_moves(pos):
    return [(s, pos[:i]) for i, c in enumerate(pos) for s in "LR" if c in (s + "G")]


def cake_text(parts):
    return "+".join("%dx%d" % p for p in sorted(parts))


def cake_moves(pos):
    parts = [tuple(map(int, p.split("x"))) for p in pos.split("+")]
    out = []
    for i, (w, h) in enumerate(parts):
        rest = parts[:i] + parts[i + 1:]
        out += [("L", cake_text(rest + [(a, h), (w - a, h)])) for a in range(1, w)]
        out += [("R", cake_text(rest + [(w, b), (w, h - b)])) for b in range(1, h)]
    return out


# Heap rules as digit lists (d[j]: bit 1 take all, 2 leave one heap, 4 two,
# 8 three; distinct: '!' digits), written out here, not parsed by cgt.
HEAP_RULES = {
    "nim": ({}, 3, set()),
    "kayles": ({1: 7, 2: 7}, 0, set()),
    "0.07": ({2: 7}, 0, set()),
    "0.137": ({1: 1, 2: 3, 3: 7}, 0, set()),
    "4!.0": ({0: 4}, 0, {0}),
    "sub{1,3,4}": ({1: 3, 3: 3, 4: 3}, 0, set()),
    "0.8": ({1: 8}, 0, set()),
    "8!.0": ({0: 8}, 0, {0}),
    "allbut{1,2}": ({1: 0, 2: 0}, 3, set()),
}


def heap_text(heaps):
    hs = sorted(h for h in heaps if h)
    return ",".join(map(str, hs)) if hs else "0"


def heap_options(rule, n):
    d, tail, distinct = HEAP_RULES[rule]
    out = set()
    for j in range(n + 1):
        dj, s, diff = d.get(j, tail if j else 0), n - j, j in distinct
        if dj & 1 and s == 0 and j > 0:
            out.add(())
        if dj & 2 and s > 0 and j > 0:
            out.add((s,))
        if dj & 4:
            out |= {(a, s - a) for a in range(1, s // 2 + 1) if not (diff and 2 * a == s)}
        if dj & 8:
            out |= {(a, b, s - a - b) for a in range(1, s + 1) for b in range(a, s + 1)
                    if b <= s - a - b and not (diff and len({a, b, s - a - b}) < 3)}
    return out


def heap_moves(rule, pos):
    heaps = [] if pos == "0" else list(map(int, pos.split(",")))
    out = []
    for i, n in enumerate(heaps):
        for opt in heap_options(rule, n):
            out.append((None, heap_text(heaps[:i] + heaps[i + 1:] + list(opt))))
    return out


def moves(ruleset, pos):
    if ruleset in ("domineering", "clobber", "toadsfrogs"):
        return grid_moves(ruleset, pos)
    if ruleset == "toetactics":
        return toe_moves(pos)
    if ruleset == "hackenbush":
        return hack_moves(pos)
    if ruleset == "cutcake":
        return cake_moves(pos)
    return heap_moves(ruleset, pos)


def brute(ruleset, start):
    seen, queue, out = {start}, [start], set()
    for p in queue:
        for side, q in moves(ruleset, p):
            out.add((p, q, side))
            if q not in seen:
                seen.add(q)
                queue.append(q)
    return out, seen


# ---- random boards ----
# Sizes are bounded so that no board has more than a few thousand positions
# (3x4 Clobber, an almost empty Toe-Tac-Tics board or two large cakes cost
# seconds each under the sanitizers): the empty Toe-Tac-Tics board is
# counted below.

def rand_grid(ruleset):
    if ruleset == "toadsfrogs":
        return "".join(rng.choice("TF..") for _ in range(rng.randint(1, 9)))
    R = rng.randint(1, 3)
    C = rng.randint(1, 4 if R < 3 else 3)
    chars = ".....#" if ruleset == "domineering" else "xo.xo"
    return "|".join("".join(rng.choice(chars) for _ in range(C)) for _ in range(R))


def rand_toe():
    while True:
        b = "".join(rng.choice("xo.....") for _ in range(9))
        if b.count(".") <= 7 and not any(b[a] == b[c] == b[e] != "." for a, c, e in LINES):
            return b


# A third as many under the sanitizers (every ruleset still, and the fixed boards).
share = 3 if SANITIZED else 1
BOARDS = []
for ruleset in ("domineering", "clobber", "toadsfrogs"):
    BOARDS += [(ruleset, rand_grid(ruleset)) for _ in range(25 // share)]
BOARDS += [("domineering", "...|...|..."), ("clobber", "xoxo|oxox"), ("toadsfrogs", "TT..FF")]
BOARDS += [("toetactics", rand_toe()) for _ in range(10 // share)]
BOARDS += [("hackenbush", "".join(rng.choice("LRG") for _ in range(rng.randint(0, 8)))) for _ in range(15 // share)]
for _ in range(15 // share):
    side = rng.choice((4, 3))   # one cake up to 4x4, or two up to 3x3
    BOARDS.append(("cutcake", cake_text([(rng.randint(1, side), rng.randint(1, side)) for _ in range(5 - side)])))
for rule in sorted(HEAP_RULES):
    BOARDS += [(rule, heap_text([rng.randint(0, 7) for _ in range(rng.randint(1, 3))])) for _ in range(4 // share + 1)]

# ---- the rows are the brute force's, and the values agree ----

# One statement checks every position of a stored graph (src and dst of its
# rows, and the board): the count of positions where the two sides differ.
POSITIONS = """WITH p(x) AS (SELECT src FROM cgt_edge WHERE graph_id = :g UNION SELECT dst FROM cgt_edge
               WHERE graph_id = :g UNION SELECT :b) """
CHECK_BOARD = POSITIONS + "SELECT count(*), sum(cg_value(:g, x) IS NOT cg_board(:r, x)) FROM p"
CHECK_SURREAL = POSITIONS + "SELECT count(*), sum(cg_value(:g, x) IS NOT surreal_value(:r, x)) FROM p"
CHECK_CAKES = POSITIONS + """SELECT count(*), sum(cg_value(:g, x) IS NOT (SELECT cg_sum(surreal_value(:r, value))
                             FROM json_each('["' || replace(x, '+', '","') || '"]'))) FROM p"""
CHECK_HEAPS = POSITIONS + """SELECT count(*), sum(grundy(:g, x) IS NOT (SELECT nim_sum(heap_grundy(:r, value))
                             FROM json_each('[' || x || ']'))) FROM p"""

gid = 100
bad_rows, bad_values, bad_grundy, checked = [], [], [], 0
for ruleset, board in BOARDS:
    got = rows(ruleset, board)
    want, positions = brute(ruleset, board)
    if len(got) != len(set(got)) or set(got) != want:
        bad_rows.append((ruleset, board, sorted(set(got) ^ want, key=repr)[:4], len(got) - len(set(got))))
        continue
    gid += 1
    conn.execute("INSERT INTO cgt_edge SELECT ?, src, dst, side FROM game_graph(?, ?)", (gid, ruleset, board))
    conn.execute("INSERT INTO cgt_node VALUES (?, ?)", (gid, board))   # a board with no moves has no rows
    check = (CHECK_HEAPS if ruleset in HEAP_RULES else CHECK_BOARD if ruleset in ("domineering", "clobber",
             "toadsfrogs") else CHECK_CAKES if ruleset == "cutcake" else CHECK_SURREAL)
    n, bad = conn.execute(check, {"g": gid, "b": board, "r": ruleset}).fetchone()
    checked += n
    if n != len(positions) or bad:
        (bad_grundy if ruleset in HEAP_RULES else bad_values).append((ruleset, board, n, len(positions), bad))
t.ok(not bad_rows, "game_graph's rows are the brute force's, each once, on %d boards" % len(BOARDS),
     "\n".join(map(repr, bad_rows[:5])))
t.ok(not bad_values and checked > 1000,
     "cg_value over the stored graph = cg_board / surreal_value at every position (%d positions)" % checked,
     "\n".join(map(repr, bad_values[:5])))
t.ok(not bad_grundy, "grundy over the stored graph = nim-sum of heap_grundy at every position of heap rules",
     "\n".join(map(repr, bad_grundy[:5])))

# ---- the issue's example, and sides ----

conn.execute("INSERT INTO cgt_edge SELECT 7, src, dst, side FROM game_graph('clobber', 'xoxo|oxox')")
t.is_(conn.execute("SELECT cg_value(7, 'xoxo|oxox') = cg_board('clobber', 'xoxo|oxox'), "
                   "cg_outcome(cg_value(7, 'xoxo|oxox'))").fetchone(), (1, "N"),
      "the issue's example: clobber xoxo|oxox stored as graph 7")
t.is_(conn.execute("SELECT group_concat(DISTINCT side) FROM (SELECT side FROM game_graph('clobber', 'xoxo|oxox') "
                   "ORDER BY side)").fetchone(), ("L,R",), "partizan rows have sides L and R")
t.is_(conn.execute("SELECT count(*), count(side) FROM game_graph('kayles', '3,5,7')").fetchone()[1], 0,
      "impartial rows have side NULL")
conn.execute("INSERT INTO cgt_edge SELECT 8, src, dst, side FROM game_graph('kayles', '3,5,7')")
t.is_(conn.execute("SELECT grundy(8, '3,5,7') = nim_sum(heap_grundy('kayles', 3), heap_grundy('kayles', 5), "
                   "heap_grundy('kayles', 7)), outcome(8, '3,5,7'), outcome(8, '0')").fetchone(), (1, "N", "P"),
      "Kayles 3,5,7: grundy and outcome on the stored graph")
t.is_(rows("domineering", "..|..")[:1] and sorted(rows("domineering", "..|..")),
      sorted([("..|..", "#.|#.", "L"), ("..|..", ".#|.#", "L"), ("..|..", "##|..", "R"), ("..|..", "..|##", "R"),
              ("#.|#.", "##|##", "L"), (".#|.#", "##|##", "L"), ("##|..", "##|##", "R"), ("..|##", "##|##", "R")]),
      "domineering 2x2: eight moves, the full board text kept")

# ---- canonical texts ----

t.is_(rows("clobber", "XO\nOX\n")[0][0], "xo|ox", "board texts as cg_board prints them (case, newlines)")
t.is_(conn.execute("SELECT src, cg_board('toadsfrogs', 'T.F' || char(10)) FROM game_graph('toadsfrogs', "
                   "'T.F' || char(10)) LIMIT 1").fetchone(), ("T.F", "*"),
      "a final newline ends a one-row board (no empty second row)")
t.is_(rows("nim", " 7, 0,3 ")[0][0], "3,7", "heaps sorted, empty heaps dropped, spaces ignored")
t.is_(rows("cutcake", "3x1+1X2")[0][0], "1x2+3x1", "cakes sorted by width then height")
t.is_(rows("hackenbush", "bE")[0][0], "LG", "hackenbush letters: B is L, E is G")
t.is_(rows("toetactics", "X../.../...")[0][0], "x........", "toetactics: 9 cells, no '/'")
t.is_(sorted(rows("nim", "1,1")), [("1", "0", None), ("1,1", "1", None)], "transpositions meet; a move found twice "
      "(two equal heaps) is one row")
t.is_(rows("hackenbush", "G"), [("G", "", "L"), ("G", "", "R")], "a green edge: one row per side; the bare "
      "ground is ''")
t.is_([rows("nim", "0"), rows("nim", ""), rows("domineering", "#"), rows("clobber", "")], [[]] * 4,
      "a board with no moves has no rows")

# ---- NULLs and errors ----

t.is_(conn.execute("SELECT count(*) FROM game_graph(NULL, '1'), game_graph('nim', NULL)").fetchone()[0], 0,
      "a NULL argument gives no rows")
for ruleset, board, fragment in [
        ("go", "1", "cgt: game_graph: unknown rule 'go'"),
        ("nim", "3,x", "cgt: game_graph: nim: bad board '3,x' at character 3"),
        ("nim", "-1", "cgt: game_graph: nim: bad board '-1' at character 1"),
        ("nim", "100000001", "each from 0 to 100000000"),
        ("cutcake", "0x3", "cgt: game_graph: cutcake: bad board '0x3'"),
        ("cutcake", "", "cgt: game_graph: cutcake: bad board ''"),
        ("cutcake", "2x2+", "cgt: game_graph: cutcake: bad board '2x2+' at character 5"),
        ("domineering", "..|.", "cgt: game_graph: domineering: row 2 has 1 squares"),
        ("clobber", "xq", "cgt: game_graph: clobber: unknown character 'q'"),
        ("toadsfrogs", "T|F", "cgt: game_graph: toadsfrogs: a board is one row"),
        ("toetactics", "xxx......", "cgt: game_graph: toetactics: board 'xxx......' already has three in a row"),
        ("toetactics", "xx", "has 2 cells, not 9"),
        ("hackenbush", "LQ", "cgt: game_graph: hackenbush: bad edge at position 2"),
        ("1.0", "3", "cgt: game_graph: digit d0 may only split")]:
    t.raises(lambda: rows(ruleset, board), fragment, "error: game_graph(%r, %r)" % (ruleset, board))

# ---- limits: errors naming the function, never out of memory ----

# No count of positions or moves: the graph counts against the 'memory'
# setting, here 64 MiB, reached by making what it holds first (seconds
# under the sanitizers: plain flavour only).  The core's limits of
# positions, moves and bytes are checked in tests/boards/test_gamegraph.c,
# made small.
if not SANITIZED:
    default_memory = conn.execute("SELECT cgt_setting('memory')").fetchone()[0]
    conn.execute("SELECT cgt_setting('memory', 67108864)")
    t.raises(lambda: rows("hackenbush", "L" * 100000), "cgt: game_graph: the graph of board "
             "'LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL' needs 64.2 MiB (67346432 bytes), more than the 'memory' "
             "setting of 64.0 MiB (67108864 bytes)",
             "the graph's bytes past the 'memory' setting: an error naming them", SQLITE_TOOBIG)
    conn.execute("SELECT cgt_setting('memory', ?)", (default_memory,))
t.raises(lambda: rows("nim", "\u00e9" * 30), "bad board '" + "\u00e9" * 20 + "...' at character 1",
         "messages quote at most 40 bytes of a board, whole characters only")
t.is_(conn.execute("SELECT count(*) FROM game_graph('toetactics', '.........')").fetchone()[0] > 0 and
      conn.execute("SELECT count(DISTINCT src) FROM game_graph('toetactics', '.........')").fetchone()[0] +
      conn.execute("SELECT count(DISTINCT dst) FROM game_graph('toetactics', '.........') "
                   "WHERE dst NOT IN (SELECT src FROM game_graph('toetactics', '.........'))").fetchone()[0],
      11125, "toetactics from the empty board: the 11,125 legal boards")
t.done()
