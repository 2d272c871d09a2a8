#!/usr/bin/python3
# The outcome classes of Domineering on empty rectangles that Obsequi (Bullock,
# 2002) and Breuker, Uiterwijk and van den Herik (2000) published, and the
# strips a brute force found (tests/boards/domineering_rectangles.tsv, which
# cites each source): board_outcome on every board of the table that the
# search decides in well under a second (those of at most 36 squares, the
# strips of two rows or columns, and a few larger ones); the whole Obsequi
# table, 8x8 included, runs in make bench (bench/bench_solve.c).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import SANITIZED, Tap, connect  # noqa: E402

t = Tap()
conn = connect()
here = os.path.dirname(os.path.abspath(__file__))
table = []
for line in open(os.path.join(here, "domineering_rectangles.tsv")):
    if not line.startswith("#"):
        r, c, outcome, sources = line.rstrip("\n").split("\t")
        table.append((int(r), int(c), outcome, sources.split(";")))
LARGER = {(4, 8), (8, 4), (4, 10), (10, 4), (5, 8), (8, 5), (5, 7), (7, 5), (4, 9), (9, 4), (6, 5), (5, 6)}


def fast(r, c):
    if SANITIZED:
        return r * c <= 25 or min(r, c) == 1
    return r * c <= 36 or (min(r, c) <= 2 and r * c <= 44) or (r, c) in LARGER


checked = {}
for r, c, outcome, sources in table:
    if r * c > 256 or not fast(r, c):
        continue
    key = ";".join(s for s in sources if s in ("OBS", "BUvdH2000")) or "BF"
    got = conn.execute("SELECT board_outcome('domineering', ?)", ("|".join(["." * c] * r),)).fetchone()[0]
    checked.setdefault(key, []).append((r, c, outcome, got))
for key, rows in checked.items():
    bad = [(r, c, want, got) for r, c, want, got in rows if want != got]
    t.is_(bad, [], "%d boards of the table from %s: board_outcome agrees" % (len(rows), key))
obs = [x for x in table if "OBS" in x[3]]
t.ok(len(obs) == 100 and any(r == 8 and c == 8 and o == "N" for r, c, o, _ in obs),
     "the table holds Obsequi's %d boards, 8x8 a first-player win among them" % len(obs))
t.done()
