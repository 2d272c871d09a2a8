#!/usr/bin/python3
# CGSuite's own loopy test vectors, translated into cgt's SQL
# (cgsuite_loopy_vectors.tsv; how, in cgsuite_loopy_vectors.md): the
# checks of CanonicalStopperTestCase, SidedValueTestCase and the loopy rows
# of EvalTest and GameTest (github.com/aaron-siegel/cgsuite at e909ab8),
# each with the text CGSuite prints.  "~text" compares as games (CGSuite
# orders loopy options by a hash); "!error: ..." expects an error; numbers
# that cgt returns as INTEGER or REAL are compared with CGSuite's text by value.
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()
here = os.path.dirname(os.path.abspath(__file__))


def as_number(text):
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


for line in open(os.path.join(here, "cgsuite_loopy_vectors.tsv"), encoding="utf-8"):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    sql, want, source = line.split("\t")
    name = "%s = %s (%s)" % (sql, want, source.split(";")[0].split(" (")[0])
    try:
        got = conn.execute("SELECT " + sql).fetchone()[0]
    except Exception as e:  # noqa: BLE001
        t.ok(want.startswith("!error"), name, "error: %s" % e)
        continue
    if want.startswith("!error"):
        t.ok(False, name, "no error: got %r" % (got,))
    elif want.startswith("~"):
        same = conn.execute("SELECT cg_cmp(?, ?)", (got, want[1:])).fetchone()[0]
        t.ok(same == "=", name, "got %r" % (got,))
    elif isinstance(got, (int, float)) and as_number(want) is not None:
        t.ok(Fraction(got) == as_number(want), name, "got %r" % (got,))
    else:
        t.ok(str(got) == want, name, "got %r" % (got,))
t.done()
