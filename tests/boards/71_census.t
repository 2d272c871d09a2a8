#!/usr/bin/python3
# board_census(ruleset, max_cells) (vt_census.c, boards/census.c):
# every Domineering region of up to max_cells squares, one row per shape up
# to the mirror reflections and the half turn; and every Clobber region
# (each polyomino of stones in every colouring) up to the eight symmetries.
#
# Checked against a brute force written here: the fixed polyominoes of up to
# 8 squares (grown square by square), whose classes under {identity, two
# mirrors, half turn} must be exactly the rows; the orbits of the rows of up
# to 10 squares add up to the fixed polyominoes of OEIS A001168.  Each
# value is cg_board's on the board, each outcome, temperature and mean
# cg_outcome's, cg_temperature's and cg_mean's on the value; the transpose
# of a shape has the negated value (Winning Ways, ch. 2: the transpose swaps
# Left and Right).  Rows stream: a LIMIT on the census of 15 squares returns
# at once; errors for bad arguments, no rows for NULL.
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect, SANITIZED  # noqa: E402

t = Tap()
conn = connect()


def rows(sql, *args):
    return conn.execute(sql, args).fetchall()


def one(sql, *args):
    return conn.execute(sql, args).fetchone()[0]


# ---- shapes as frozensets of (row, column), and boards as text
def normal(cells):
    r0 = min(r for r, c in cells)
    c0 = min(c for r, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def text(cells):
    R = max(r for r, c in cells) + 1
    C = max(c for r, c in cells) + 1
    return "|".join("".join("." if (r, c) in cells else "#" for c in range(C)) for r in range(R))


def parse(board):
    return frozenset((r, c) for r, row in enumerate(board.split("|")) for c, ch in enumerate(row) if ch == ".")


def images(cells):
    """The four images under the identity, the two mirrors and the half turn."""
    R = max(r for r, c in cells)
    C = max(c for r, c in cells)
    return {frozenset(cells), frozenset((R - r, c) for r, c in cells), frozenset((r, C - c) for r, c in cells),
            frozenset((R - r, C - c) for r, c in cells)}


FIXED = [set(), {frozenset([(0, 0)])}]   # FIXED[n]: the fixed polyominoes of n squares, grown once


def fixed(n):
    while len(FIXED) <= n:
        FIXED.append({normal(s | {(r + dr, c + dc)}) for s in FIXED[-1] for r, c in s
                      for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)) if (r + dr, c + dc) not in s})
    return FIXED[n]


# ---- the first rows, by hand (values: Winning Ways ch. 2, and cg_board)
t.is_(rows("SELECT * FROM board_census('domineering', 3)"),
      [(".", 1, "0", "P", -1, 0), ("..", 2, "-1", "R", -1, -1), (".|.", 2, "1", "L", -1, 1),
       ("...", 3, "-1", "R", -1, -1), (".|.|.", 3, "1", "L", -1, 1), ("#.|..", 3, "*", "N", 0, 0)],
      "the census of 3 squares (temperature and mean as numbers)")
t.is_(rows("SELECT value, outcome, temperature, mean FROM board_census('domineering', 4) WHERE board = '..|..'"),
      [("+-1", "N", 1, 0)], "the 2x2 square is +-1, hot")
t.is_(rows("SELECT typeof(temperature), typeof(mean), count(*) FROM board_census('domineering', 6) "
           "GROUP BY 1, 2 ORDER BY 1, 2"),
      rows("SELECT CASE WHEN cg_temperature(value) = CAST(cg_temperature(value) AS INTEGER) THEN 'integer' "
           "ELSE 'real' END, CASE WHEN cg_mean(value) = CAST(cg_mean(value) AS INTEGER) THEN 'integer' ELSE 'real' "
           "END, count(*) FROM board_census('domineering', 6) GROUP BY 1, 2 ORDER BY 1, 2"),
      "temperature and mean: INTEGER when whole, else REAL, as cg_temperature and cg_mean")

# ---- the shapes against the brute force
def orbit(cells):
    return frozenset(images(cells))


def order(cells):
    """The census's order of boards: fewer rows, fewer columns, then the text ('#' < '.')."""
    b = text(cells)
    return (b.count("|"), len(b.split("|")[0]), b)


census = rows("SELECT board, cells, value, outcome, temperature, mean FROM board_census('domineering', 8)")
for n in range(1, 9):
    got = [r[0] for r in census if r[1] == n]
    want = {orbit(s) for s in fixed(n)}
    t.ok(len(got) == len(want) and {orbit(parse(b)) for b in got} == want,
         "%d squares: one row per class of the brute force's %d classes" % (n, len(want)),
         "got %d rows" % len(got))
t.ok(all(b == text(min(images(parse(b)), key=order)) for b, *_ in census), "each board is the least of its images")
t.ok(all(n == b.count(".") and not b.startswith("#|") for b, n, *_ in census), "cells counts the free squares")
t.ok([r[1] for r in census] == sorted(r[1] for r in census), "rows come size by size")

# The orbits of the rows of up to 10 squares: the fixed polyominoes (OEIS A001168).
A001168 = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446]
sizes = [0] * 10
for b, n in rows("SELECT board, cells FROM board_census('domineering', 10)"):
    sizes[n - 1] += len(images(parse(b)))
t.is_(sizes, A001168, "the rows' orbits add up to the fixed polyominoes (A001168)")

# ---- values against the functions on one board or one value
t.is_(rows("""SELECT count(*) FROM board_census('domineering', 8)
              WHERE value IS NOT cg_board('domineering', board) OR outcome IS NOT cg_outcome(value)
                 OR temperature IS NOT cg_temperature(value) OR mean IS NOT cg_mean(value)"""),
      [(0,)], "value, outcome, temperature and mean are cg_board's, cg_outcome's, cg_temperature's, cg_mean's")
by_orbit = {orbit(parse(b)): v for b, n, v, *_ in census}


def transpose(cells):
    return frozenset((c, r) for r, c in cells)


# (Each comparison by cg_neg in one statement: a statement a pair cost 1 ms.)
NEGATED = "SELECT count(*) FROM json_each(?) WHERE cg_neg(value ->> 0) IS NOT value ->> 1"
t.is_(one(NEGATED, json.dumps([(v, by_orbit[orbit(transpose(parse(b)))]) for b, n, v, *_ in census])), 0,
      "a shape's transpose has the negated value")
# Past the 8 squares above: the census of 12 squares took 0.7 s (3 s under
# the sanitizers); 10 squares take 0.04 s (9 under the sanitizers).
big = "...|...|..." if SANITIZED else ".....|....."
t.is_(one("SELECT value FROM board_census('domineering', ?) WHERE board = ?", big.count("."), big),
      one("SELECT cg_board('domineering', ?)", big), "the %s rectangle (%d squares) is cg_board's"
      % ("3x3" if SANITIZED else "2x5", big.count(".")))

# ---- streaming, storing, arguments
start = time.time()
first = rows("SELECT board FROM board_census('domineering', 15) LIMIT 10")
took = time.time() - start
t.ok(len(first) == 10 and took < (5 if SANITIZED else 1), "LIMIT 10 of the census of 15 squares returns at once",
     "%.2f s" % took)
t.is_(rows("SELECT rowid, cells FROM board_census('domineering', 3) WHERE rowid > 4"), [(5, 3), (6, 3)], "rowids count rows")
t.is_(rows("SELECT count(*) FROM board_census WHERE ruleset = 'domineering' AND max_cells = 6"),
      [(104,)], "arguments as constraints")
conn.execute("CREATE TABLE dom AS SELECT * FROM board_census('domineering', 9)")
t.is_(rows("SELECT outcome, count(*) FROM dom GROUP BY outcome ORDER BY outcome"),
      rows("""SELECT outcome, count(*) FROM board_census('domineering', 9) GROUP BY outcome ORDER BY outcome"""),
      "a stored census queries like the census")
t.is_(one("""SELECT count(*) FROM board_census('domineering', 5) a JOIN board_census('domineering', 6) b
             ON a.board = b.board AND a.value = b.value"""), 36, "two censuses in one statement (1 + 2 + 3 + 9 + 21 rows)")
t.is_(one("SELECT count(*) FROM board_census('domineering', 11)"), 46924, "a count of shapes (11 squares)")
t.is_(rows("SELECT * FROM board_census(NULL, 3)") + rows("SELECT * FROM board_census('domineering', NULL)"), [],
      "NULL arguments give no rows")
for args, msg in [("'chess', 5", "cgt: board_census: unknown ruleset 'chess'"),
                  ("'toadsfrogs', 5", "cgt: board_census: no census of 'toadsfrogs'"),
                  ("'domineering', 0", "max_cells of domineering must be an integer from 1 to 15, not '0'"),
                  ("'domineering', 16", "max_cells of domineering must be an integer from 1 to 15, not '16'"),
                  ("'clobber', 11", "max_cells of clobber must be an integer from 1 to 10, not '11'"),
                  ("'domineering', -3", "not '-3'"),
                  ("'domineering', 2.5", "not '2.5'"),
                  ("'domineering', 'many'", "not 'many'"),
                  ("'domineering', 9223372036854775807", "not '9223372036854775807'"),
                  ("'domineering'", "argument 2 (max_cells) is missing")]:
    t.raises(lambda: rows("SELECT * FROM board_census(%s)" % args), msg, "board_census(%s) is an error" % args)
t.is_(one("SELECT count(*) FROM board_census('domineering', '4')"), 15, "max_cells as integral text")

# ---- Clobber: every colouring of every polyomino of stones, up to the eight
# symmetries (exchanging the colours negates the value).  xo = * and
# xxo = ^ (Albert, Nowakowski and Wolfe, Lessons in Play, ch. 1 and 2).
t.is_(rows("SELECT board, value FROM board_census('clobber', 3) WHERE cells = 3 AND board NOT LIKE '.%'"),
      [("xxx", "0"), ("ooo", "0"), ("xox", "*"), ("oxo", "*"), ("xxo", "^"), ("xoo", "v")], "clobber rows of 3 in a line")


def colourings(shape):
    cells = sorted(shape)
    for bits in range(1 << len(cells)):
        yield {cell: "xo"[bits >> i & 1] for i, cell in enumerate(cells)}


def coloured_text(col):
    R = max(r for r, _ in col) + 1
    C = max(x for _, x in col) + 1
    return "|".join("".join(col.get((r, x), ".") for x in range(C)) for r in range(R))


def coloured_images(col):
    out = set()
    for k in range(8):
        c = {((x, r) if k & 4 else (r, x)): v for (r, x), v in col.items()}
        R = max(r for r, _ in c)
        C = max(x for _, x in c)
        out.add(coloured_text({((R - r) if k & 2 else r, (C - x) if k & 1 else x): v for (r, x), v in c.items()}))
    return frozenset(out)


clobber = rows("SELECT board, cells, value FROM board_census('clobber', 5)")
for n in range(1, 6):
    want = {coloured_images(col) for s in fixed(n) for col in colourings(s)}
    got = [b for b, k, v in clobber if k == n]
    t.ok(len(got) == len(want) and {coloured_images({(r, x): ch for r, row in enumerate(b.split("|"))
                                                     for x, ch in enumerate(row) if ch != "."}) for b in got} == want,
         "clobber, %d stones: one row per class of the brute force's %d" % (n, len(want)))
t.is_(rows("SELECT count(*) FROM board_census('clobber', 6) WHERE value IS NOT cg_board('clobber', board)"), [(0,)],
      "clobber values are cg_board's")
swap = {"x": "o", "o": "x", ".": ".", "|": "|"}
by_class = {coloured_images({(r, x): ch for r, row in enumerate(b.split("|")) for x, ch in enumerate(row) if ch != "."}): v
            for b, k, v in clobber}
t.is_(one(NEGATED, json.dumps([(v, by_class[coloured_images({(r, x): swap[ch] for r, row in enumerate(b.split("|"))
                                                              for x, ch in enumerate(row) if ch != "."})])
                                for b, k, v in clobber])), 0, "exchanging the colours negates the value")
t.done()
