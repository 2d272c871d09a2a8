#!/usr/bin/python3
# Who wins on boards, by search: board_wins, board_outcome, board_grundy and
# board_winning_moves on every ruleset, against a brute force written here
# (plain recursion over the moves of the whole sum, memoised, no regions,
# no symmetry, no values), and against cg_outcome(cg_board(...)), the
# canonical value, on random small boards and sums, both players first.
# Then symmetric boards (the transpose of Domineering and the colour swap
# of Clobber exchange the players), boards past 64 squares (16 x 16), and
# the errors.
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import SANITIZED, Tap, connect  # noqa: E402

t = Tap()
conn = connect()
rng = random.Random(26)


def q(sql, *args):
    return conn.execute(sql, args).fetchone()[0]


# ---- the brute force: boards as tuples of row strings ----

def dom_moves(b, right):
    R, C = len(b), len(b[0])
    for i in range(R):
        for j in range(C):
            a = (i, j)
            c = (i, j + 1) if right else (i + 1, j)
            if c[0] < R and c[1] < C and b[i][j] == "." and b[c[0]][c[1]] == ".":
                rows = [list(r) for r in b]
                rows[i][j] = rows[c[0]][c[1]] = "#"
                yield tuple("".join(r) for r in rows)


def clob_moves(b, right):
    me, you = ("o", "x") if right else ("x", "o")
    R, C = len(b), len(b[0])
    for i in range(R):
        for j in range(C):
            if b[i][j] != me:
                continue
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                y, x = i + di, j + dj
                if 0 <= y < R and 0 <= x < C and b[y][x] == you:
                    rows = [list(r) for r in b]
                    rows[i][j], rows[y][x] = ".", me
                    yield tuple("".join(r) for r in rows)


def toad_moves(b, right):
    row = b[0]
    me, you, step = ("F", "T", -1) if right else ("T", "F", 1)
    for i, ch in enumerate(row):
        if ch != me:
            continue
        a, c = i + step, i + 2 * step
        to = None
        if 0 <= a < len(row) and row[a] == ".":
            to = a
        elif 0 <= a < len(row) and row[a] == you and 0 <= c < len(row) and row[c] == ".":
            to = c
        if to is not None:
            r = list(row)
            r[i], r[to] = ".", me
            yield ("".join(r),)


BASE = {"domineering": dom_moves, "clobber": clob_moves, "toadsfrogs": toad_moves}


def moves_of(ruleset, b, right):
    if ruleset.startswith("impartial "):
        f = BASE[ruleset[len("impartial "):]]
        return list(f(b, 0)) + list(f(b, 1))
    return list(BASE[ruleset](b, right))


memo = {}


def brute_wins(ruleset, boards, right):
    key = (ruleset, boards, right)
    if key in memo:
        return memo[key]
    w = False
    for k, b in enumerate(boards):
        for o in moves_of(ruleset, b, right):
            if not brute_wins(ruleset, boards[:k] + (o,) + boards[k + 1:], 1 - right):
                w = True
                break
        if w:
            break
    memo[key] = w
    return w


gmemo = {}


def brute_grundy(ruleset, b):
    if (ruleset, b) in gmemo:
        return gmemo[(ruleset, b)]
    seen = {brute_grundy(ruleset, o) for o in moves_of(ruleset, b, 0)}
    g = 0
    while g in seen:
        g += 1
    gmemo[(ruleset, b)] = g
    return g


def random_board(ruleset, cells):
    base = ruleset.replace("impartial ", "")
    if base == "toadsfrogs":
        rows, cols = 1, rng.randint(2, cells)
    else:
        rows = rng.randint(1, 4)
        cols = rng.randint(1, max(1, cells // rows))
    pick = {"domineering": "....#", "clobber": "xxoo.", "toadsfrogs": "TTFF.."}[base]
    return tuple("".join(rng.choice(pick) for _ in range(cols)) for _ in range(rows))


def text(b):
    return "|".join(b)


def call(fn, ruleset, *args):
    marks = ", ".join("?" for _ in args)
    return q("SELECT %s(?, %s)" % (fn, marks), ruleset, *args)


RULESETS = ["domineering", "clobber", "toadsfrogs", "impartial domineering", "impartial clobber",
            "impartial toadsfrogs"]
rounds = 25 if SANITIZED else 70

# ---- board_wins and board_outcome against the brute force ----
for ruleset in RULESETS:
    bad = []
    for _ in range(rounds):
        n = rng.choice([1, 1, 2, 3])
        boards = tuple(random_board(ruleset, 9 if n == 1 else 5) for _ in range(n))
        texts = [text(b) for b in boards]
        want = [brute_wins(ruleset, boards, p) for p in (0, 1)]
        got = [call("board_wins", ruleset, p, *texts) for p in ("L", "R")]
        letter = {(1, 1): "N", (1, 0): "L", (0, 1): "R", (0, 0): "P"}[tuple(int(w) for w in want)]
        if got != [int(w) for w in want] or call("board_outcome", ruleset, *texts) != letter:
            bad.append((texts, want, got))
    t.is_(bad, [], "%s: board_wins and board_outcome agree with the brute force on %d sums" % (ruleset, rounds))

# ---- against the canonical value (cg_outcome of cg_board, summed) ----
for ruleset in RULESETS:
    bad = []
    for _ in range(rounds // 2):
        boards = [text(random_board(ruleset, 12)) for _ in range(rng.choice([1, 2]))]
        marks = " + ".join("cg_board(?, ?)" for _ in boards)
        args = [a for b in boards for a in (ruleset, b)]
        value_outcome = q("SELECT cg_outcome(cg_sum(v)) FROM (SELECT cg_board(?, value) AS v FROM json_each(?))",
                          ruleset, "[%s]" % ", ".join('"%s"' % b for b in boards))
        if call("board_outcome", ruleset, *boards) != value_outcome:
            bad.append((boards, value_outcome))
    t.is_(bad, [], "%s: board_outcome is the outcome of the canonical value of the sum" % ruleset)

# ---- board_grundy against the brute force's mex ----
for ruleset in RULESETS[3:]:
    bad = []
    for _ in range(rounds // 2):
        boards = tuple(random_board(ruleset, 9) for _ in range(rng.choice([1, 2, 3])))
        want = 0
        for b in boards:
            want ^= brute_grundy(ruleset, b)
        got = call("board_grundy", ruleset, *[text(b) for b in boards])
        if got != want:
            bad.append((boards, want, got))
    t.is_(bad, [], "%s: board_grundy is the xor of the mex of the options" % ruleset)
t.is_(q("SELECT board_grundy('CRAM', '..|..') = board_grundy('impartial domineering', '..|..')"), 1,
      "cram is the alias of impartial domineering, in any case")

# ---- board_winning_moves: exactly the moves to a sum the other loses ----
for ruleset in RULESETS:
    bad = []
    for _ in range(rounds // 3):
        boards = tuple(random_board(ruleset, 8) for _ in range(rng.choice([1, 2])))
        for p, who in ((0, "L"), (1, "R")):
            want = sorted(
                (k + 1, text(o)) for k, b in enumerate(boards) for o in set(moves_of(ruleset, b, p))
                if not brute_wins(ruleset, boards[:k] + (o,) + boards[k + 1:], 1 - p))
            marks = ", ".join("?" for _ in boards)
            got = sorted(conn.execute("SELECT board_index, result FROM board_winning_moves(?, ?, %s)" % marks,
                                      (ruleset, who) + tuple(text(b) for b in boards)).fetchall())
            if got != want:
                bad.append((boards, who, want, got))
    t.is_(bad, [], "%s: board_winning_moves lists every winning move and no other" % ruleset)
t.is_(conn.execute("SELECT * FROM board_winning_moves('domineering', 'L', '...|...|...')").fetchall(),
      [(1, "b1-b2", ".#.|.#.|..."), (1, "b2-b3", "...|.#.|.#.")],
      "Domineering 3x3: Left's winning moves are the middle column's (move squares named a1 at the top left)")
t.is_(conn.execute("SELECT * FROM board_winning_moves('clobber', 'L', 'xo', 'ox|xo')").fetchall(), [],
      "no rows when the player loses: xo + the 2x2 checkerboard")
t.is_(conn.execute("SELECT * FROM board_winning_moves('toadsfrogs', 'L', 'T.F')").fetchall(),
      [(1, "a1-b1", ".TF")], "Toads and Frogs: T.F = *, the toad's slide wins")

# ---- symmetry: the transpose and the colour swap exchange the players ----
def transpose(b):
    return tuple("".join(b[i][j] for i in range(len(b))) for j in range(len(b[0])))


swap_letter = {"L": "R", "R": "L", "N": "N", "P": "P"}
bad = []
for _ in range(rounds):
    b = random_board("domineering", 16)
    o = call("board_outcome", "domineering", text(b))
    if call("board_outcome", "domineering", text(transpose(b))) != swap_letter[o] or \
            call("board_outcome", "domineering", text(tuple(r[::-1] for r in b[::-1]))) != o:
        bad.append(b)
    c = random_board("clobber", 16)
    o = call("board_outcome", "clobber", text(c))
    swapped = tuple(r.translate(str.maketrans("xo", "ox")) for r in c)
    if call("board_outcome", "clobber", text(swapped)) != swap_letter[o] or \
            call("board_outcome", "clobber", text(transpose(c))) != o:
        bad.append(c)
t.is_(bad, [], "symmetric boards give symmetric outcomes (Domineering transposed, Clobber's colours swapped)")

# ---- boards past 64 squares ----
big = ["#" * 16 for _ in range(16)]
big[2] = "#..#" + "#" * 12
big[3] = "#..#" + "#" * 12
big[12] = "#" * 10 + "...###"
t.is_(call("board_outcome", "domineering", "|".join(big)), call("board_outcome", "domineering", "..|..", "..."),
      "a 16 x 16 Domineering board is the sum of its regions (2x2 + 1x3)")
t.is_(call("board_outcome", "domineering", "|".join(["." * 16] + ["#" * 16] * 15)), "R",
      "16 x 16: one free row is Right's")
row = "T." * 60 + "..F"
t.is_(call("board_wins", "toadsfrogs", "L", row), 1, "Toads and Frogs on one row of 123 squares")
t.is_(q("SELECT board_outcome('clobber', ?)", "|".join(("xo" * 8) if i == 0 else "." * 16 for i in range(16))),
      q("SELECT cg_outcome(cg_board('clobber', ?))", "xo" * 8), "Clobber on 16 x 16: one row of stones")
t.is_(q("SELECT cg_board('domineering', ?)", "|".join([".", "."] + ["#"] * 254)), "1",
      "cg_board takes 256 squares too (256 rows of one square: one vertical domino, value 1)")

# ---- errors and NULLs ----
def error(sql, *args):
    try:
        conn.execute(sql, args).fetchall()
    except Exception as e:  # noqa: BLE001
        return str(e)
    return None


t.is_(error("SELECT board_wins('domineering', 'L', '..|.')"),
      "cgt: board_wins: domineering: row 2 has 1 squares, row 1 has 2 (rows must have equal lengths)", "ragged rows")
t.is_(error("SELECT board_outcome('clobber', 'xo', 'xz')"),
      "cgt: board_outcome: clobber: board 2 of the sum: unknown character 'z' at row 1, column 2 "
      "(the squares are '.xo#')", "an unknown character, in the second board")
t.is_(error("SELECT board_outcome('domineering', ?)", "|".join(["." * 16] * 16 + ["."])),
      "cgt: board_outcome: domineering: a board has at most 256 squares; row 17, column 1 is one more",
      "boards over the limit")
t.is_(error("SELECT board_wins('domineering', 'up', '..')"),
      "cgt: board_wins: first must be 'L' or 'R', not 'up'", "a bad player")
t.is_(error("SELECT board_grundy('clobber', 'xo')"),
      "cgt: board_grundy: clobber is partizan; nim values are of impartial rulesets (impartial domineering "
      "(cram), impartial clobber, impartial toadsfrogs)", "board_grundy of a partizan ruleset")
t.is_(error("SELECT board_outcome('go', '..')")[:46], "cgt: board_outcome: unknown board ruleset 'go'",
      "an unknown ruleset")
t.is_(error("SELECT board_outcome('domineering')"), "cgt: board_outcome: takes ruleset and at least one board",
      "no board")
t.is_(error("SELECT * FROM board_winning_moves('domineering', 'X', '..')"),
      "cgt: board_winning_moves: first must be 'L' or 'R', not 'X'", "board_winning_moves: a bad player")
t.is_(error("SELECT * FROM board_winning_moves('domineering', 'L', '.x')"),
      "cgt: board_winning_moves: domineering: unknown character 'x' at row 1, column 2 (the squares are '#.')",
      "board_winning_moves: a bad board")
t.is_(conn.execute("SELECT board_wins(NULL, 'L', '..'), board_wins('domineering', NULL, '..'), "
                   "board_outcome('domineering', '..', NULL), board_grundy(NULL, '..')").fetchone(),
      (None, None, None, None), "NULL arguments give NULL")
t.is_(conn.execute("SELECT count(*) FROM board_winning_moves('domineering', 'L', NULL)").fetchone()[0], 0,
      "board_winning_moves of NULL has no rows")
t.is_(q("SELECT board_wins('domineering', 'left', '.|.') + board_wins('domineering', 'Right', '.|.')"), 1,
      "players as 'left' and 'Right' too")
t.done()
