#!/usr/bin/python3
# cgt_help(): every example it shows runs without error, on the sample
# graph it promises (the reference's graph 1: moves 2->3, 3->1, 2->2), and
# returns rows; the rows are well formed and the shell's question from the
# README works.  (tests/sqlite/05_registered.t checks that the list is exactly the
# registered set.)
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()
conn.executescript(open("sql/cgt_schema.sql").read())
conn.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 2, 3), (1, 3, 1), (1, 2, 2)")

rows = conn.execute("SELECT name, narg, kind, args, result, description, example, reads FROM cgt_help()").fetchall()
t.ok(len(rows) >= 70, "cgt_help() has a row per registered function (%d rows)" % len(rows))
t.is_(len(set((r[0], r[1]) for r in rows)), len(rows), "one row per (name, arity)")
t.is_(sorted(set(r[2] for r in rows)), ["aggregate", "scalar", "table", "window"], "kinds")
t.ok(all(r[7] in (0, 1) for r in rows), "reads is 0 or 1")
t.ok(all("\n" not in r[5] and len(r[5]) <= 120 for r in rows), "descriptions are one line")

for name, narg, kind, args, result, description, example, reads in rows:
    label = "%s/%d: %s" % (name, narg, example)
    try:
        got = conn.execute(example).fetchall()
    except Exception as e:  # noqa: BLE001 - any failure is the test's failure
        t.ok(False, label, "error: %s" % e)
        continue
    t.ok(len(got) > 0, label, "no rows")

# The question the issue asks of the shell, and the hidden argument columns.
shell = conn.execute("SELECT name FROM cgt_help() WHERE name LIKE 'cg_%' ORDER BY 1").fetchall()
t.ok(("cg_add",) in shell and ("cgt_dot",) in shell and ("grundy",) not in shell, "WHERE name LIKE 'cg_%' works")
t.is_(conn.execute("SELECT args, kind FROM cgt_help() WHERE name = 'cgt_solve'").fetchall(),
      [("graph_id", "table")], "a table function's arguments")
t.is_(conn.execute("SELECT count(*) FROM cgt_help() WHERE name = 'cgt_dot'").fetchone()[0], 3,
      "each arity of a function is a row")
t.done()
