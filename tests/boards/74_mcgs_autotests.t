#!/usr/bin/python3
# MCGS's autotests for Domineering and Clobber (tests/boards/mcgs_autotests.tsv:
# input/autotests/ of github.com/ualberta-mueller-group/MCGS at v1.7, every case
# with the result its file expects): board_wins with the player each case names,
# one check per file.  The three slowest files (seconds each) run in make bench
# (bench/bench_solve.c) with the rest, beside MCGS's own times.
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import SANITIZED, Tap, connect  # noqa: E402

SLOW = {"clobber_autotests/clobber_random_filled1.test", "clobber_autotests/clobber_random_filled2.test",
        "clobber_autotests/clobber_rectangle_alternating.test"}
if SANITIZED:   # (the sanitized run keeps the 4x4 and 1xn files)
    SLOW |= {"domineering_autotests/6x6.test", "domineering_autotests/7x7_15_stones.test",
             "domineering_autotests/7x7_20_stones.test", "clobber_autotests/clobber_nxn_alternating.test"}

t = Tap()
conn = connect()
here = os.path.dirname(os.path.abspath(__file__))
files = collections.OrderedDict()
for line in open(os.path.join(here, "mcgs_autotests.tsv")):
    if line.startswith("#"):
        continue
    f, ln, ruleset, player, boards, expected = line.rstrip("\n").split("\t")
    files.setdefault(f, []).append((ln, ruleset, player, boards.split(" "), int(expected)))
t.is_(len(files), 22, "22 files of Domineering and Clobber autotests")
t.is_(sum(len(c) for c in files.values()), 1482, "1,482 cases")
for f, cases in files.items():
    if f in SLOW:
        continue
    bad = []
    for ln, ruleset, player, boards, expected in cases:
        sql = "SELECT board_wins(?, ?%s)" % (", ?" * len(boards))
        got = conn.execute(sql, (ruleset, player, *boards)).fetchone()[0]
        if got != expected:
            bad.append((ln, player, boards, expected, got))
    t.is_(bad, [], "%s: all %d cases" % (f, len(cases)))
t.done()
