#!/usr/bin/python3
# The outcome classes of Domineering on empty rectangles that Obsequi (Bullock,
# 2002) and Breuker, Uiterwijk and van den Herik (2000) published, and the
# strips a brute force found (tests/boards/domineering_rectangles.tsv, which
# cites each source): board_outcome on every board of the table of at most
# 64 squares, Obsequi's 8x8 (under 2 s) among them, but 4x13 and 13x4 (SLOW:
# 2 s each, strips that only a brute force published; make bench times
# Obsequi's table, bench/bench_solve.c), and on the larger boards of
# Uiterwijk's tables that the bounds decide at once.  Under the sanitizers,
# the boards of at most 25 squares, the strips, and those decided at once.
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
SLOW = {(4, 13), (13, 4)}


def at_once(r, c):
    """Past 64 squares, the boards whose bounds decide them at the start:
    3 x n from n = 22 and 5 x n for even n from 14 (Right wins those)."""
    short, long_ = min(r, c), max(r, c)
    return (short == 3 and long_ >= 22) or (short == 5 and long_ >= 14 and long_ % 2 == 0)


def fast(r, c):
    if at_once(r, c):
        return True
    if SANITIZED:
        return r * c <= 25 or min(r, c) == 1
    return r * c <= 64 and (r, c) not in SLOW


checked = {}
for r, c, outcome, sources in table:
    if r * c > 256 or not fast(r, c):
        continue
    key = ";".join(s for s in sources if s in ("OBS", "BUvdH2000")) or next(
        (s for s in sources if s.startswith("U20")), "BF")
    got = conn.execute("SELECT board_outcome('domineering', ?)", ("|".join(["." * c] * r),)).fetchone()[0]
    checked.setdefault(key, []).append((r, c, outcome, got))
for key, rows in checked.items():
    bad = [(r, c, want, got) for r, c, want, got in rows if want != got]
    t.is_(bad, [], "%d boards of the table from %s: board_outcome agrees" % (len(rows), key))
obs = [x for x in table if "OBS" in x[3]]
t.ok(len(obs) == 100 and any(r == 8 and c == 8 and o == "N" for r, c, o, _ in obs),
     "the table holds Obsequi's %d boards, 8x8 a first-player win among them" % len(obs))
t.done()
