#!/usr/bin/python3
# The per-connection cache never goes stale, a graph is read once per
# statement, and long solves stop on interrupt.
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
tmp = tempfile.mkdtemp()
path = os.path.join(tmp, "cache.db")
SCHEMA = open("sql/cgt_schema.sql").read()

a = connect(path)
a.executescript(SCHEMA)
a.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, ?, ?)", [(2, 3), (3, 1), (2, 2)])
a.executescript("CREATE TABLE tokens(g, node); INSERT INTO tokens VALUES (1, 1), (1, 2), (1, 3);")

reads = []
a.set_trace_callback(lambda sql: reads.append(sql) if "cgt_collect(src, dst)" in sql else None)


def outcomes(conn):
    return conn.execute("SELECT group_concat(outcome(g, node), '') FROM tokens").fetchone()[0]


t.is_(outcomes(a), "PDN", "outcomes of 1, 2, 3")
t.is_(len(reads), 1, "one read for a statement of three rows (graph id from a column)")
t.is_(outcomes(a), "PDN", "again")
t.is_(len(reads), 1, "no read for a later statement when nothing changed")

# This connection's own write: PRAGMA data_version does not see it.
a.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 1, 3)")   # 1 -> 3
t.is_(outcomes(a), "DDD", "own write seen: the graph is a cycle with a self-loop now")
a.execute("DELETE FROM cgt_edge WHERE src = 1")
t.is_(outcomes(a), "PDN", "own delete seen")

# Another connection's commit, in rollback-journal mode and in WAL mode.
for mode in ("delete", "wal"):
    a.execute("PRAGMA journal_mode = %s" % mode)
    b = connect(path)
    t.is_(outcomes(a), "PDN", "%s: before the other connection writes" % mode)
    b.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 1, 3)")
    t.is_(outcomes(a), "DDD", "%s: another connection's commit seen" % mode)
    b.execute("DELETE FROM cgt_edge WHERE src = 1")
    t.is_(outcomes(a), "PDN", "%s: and its delete" % mode)
    b.close()
a.execute("PRAGMA journal_mode = delete")

# A graph read inside a transaction must not outlive a ROLLBACK.
a.execute("BEGIN")
a.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 1, 3)")
t.is_(outcomes(a), "DDD", "inside a transaction: its own write is seen")
a.execute("ROLLBACK")
t.is_(outcomes(a), "PDN", "after ROLLBACK the old answers are back")

a.execute("BEGIN")
t.is_(outcomes(a), "PDN", "read before a savepoint")
a.execute("SAVEPOINT s")
a.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 1, 3)")
t.is_(outcomes(a), "DDD", "after a write inside the savepoint")
a.execute("ROLLBACK TO s")
t.is_(outcomes(a), "PDN", "after ROLLBACK TO the old answers are back")
a.execute("COMMIT")

# Schema changes: cgt_edge replaced by a view, inside a transaction and not.
a.execute("BEGIN")
a.execute("ALTER TABLE cgt_edge RENAME TO edges")
a.execute("CREATE VIEW cgt_edge AS SELECT * FROM edges WHERE src <> dst")
t.is_(outcomes(a), "PPN", "a view without the self-loop, inside a transaction")
a.execute("ROLLBACK")
t.is_(outcomes(a), "PDN", "rolled back: the table again")
a.execute("ALTER TABLE cgt_edge RENAME TO edges")
a.execute("CREATE VIEW cgt_edge AS SELECT * FROM edges WHERE src <> dst")
t.is_(outcomes(a), "PPN", "the view, committed")
a.execute("DROP VIEW cgt_edge")
a.execute("ALTER TABLE edges RENAME TO cgt_edge")
t.is_(outcomes(a), "PDN", "and back")

# A writing statement reads the graph once too.
a.execute("CREATE TABLE results(node, o)")
before = len(reads)
a.execute("INSERT INTO results SELECT node, outcome(g, node) FROM tokens")
t.is_(len(reads) - before, 1, "INSERT ... SELECT outcome(...) reads the graph once")
t.is_(a.execute("SELECT group_concat(o, '') FROM results").fetchone()[0], "PDN", "and writes the right answers")

# Many graphs in one statement (more than the statement cache holds).
a.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (?, 1, 2)", [(g,) for g in range(100, 120)])
got = a.execute("WITH RECURSIVE g(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM g WHERE i < 119) "
                "SELECT group_concat(outcome(i, 1) || outcome(i, 2), '') FROM (SELECT i FROM g UNION ALL SELECT i FROM g)"
                ).fetchone()[0]
t.is_(got, "NP" * 40, "twenty graphs, twice, in one statement")

# Interrupts: a progress handler that says stop interrupts the read.
a.set_trace_callback(None)
n = 50000   # the handler counts virtual machine steps: as many in both flavours
a.execute("BEGIN")
a.execute("INSERT INTO cgt_edge(graph_id, src, dst) WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ?1 - 1) "
          "SELECT 'big', i, (i * 7 + 1) % ?1 FROM c", (n,))
a.execute("COMMIT")
a.set_progress_handler(lambda: 1, 1000)
t.raises(lambda: a.execute("SELECT count(*) FROM cgt_solve('big')").fetchone(), "interrupted",
         "cgt_solve stops with SQLITE_INTERRUPT", code=9)
t.raises(lambda: a.execute("SELECT outcome('big', 1)").fetchone(), "interrupted",
         "outcome() stops with SQLITE_INTERRUPT", code=9)
a.set_progress_handler(None, 0)
t.is_(a.execute("SELECT count(*), count(DISTINCT outcome) FROM cgt_solve('big')").fetchone(), (n, 1),
      "after the interrupt the graph is read whole")

# Interrupts during the solving itself: interrupt_now() interrupts the
# connection and returns the node for the call it is an argument of.  The
# first call of the statement reads the graph and computes one analysis;
# the second finds the graph in the statement's cache and computes another,
# so the interrupt lands while cgt computes.  (Long enough for several stop
# checks of 2^16 units of work, in both flavours alike.)
m = 120000
a.execute("BEGIN")
a.execute("INSERT INTO cgt_edge(graph_id, src, dst) WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ?1 - 1) "
          "SELECT 'ring', i, (i + 1) % ?1 FROM c UNION ALL SELECT 'line', i + 1, i FROM c", (m,))
a.execute("COMMIT")
a.create_function("interrupt_now", 1, lambda node: a.interrupt() or node)
cases = (("grundy", "SELECT outcome('ring', 1), grundy('ring', interrupt_now(1))", "SELECT grundy('ring', 1)"),
         ("outcome", "SELECT misere_outcome('line', 1), outcome('line', interrupt_now(1))",
          "SELECT outcome('line', 1)"),
         ("misere_outcome", "SELECT grundy('line', 1), misere_outcome('line', interrupt_now(1))",
          "SELECT misere_outcome('line', 1)"),
         ("game_sum", "SELECT outcome('ring', 1), (SELECT game_sum('ring', interrupt_now(value)) FROM json_each('[1]'))",
          "SELECT game_sum('ring', 1)"))
for name, interrupted, again in cases:
    a.execute("DELETE FROM cgt_node WHERE graph_id = 'none'")   # a change: the graphs are read afresh,
    a.execute("INSERT INTO cgt_node VALUES ('none', 0)")         # without the analyses of earlier cases
    t.raises(lambda: a.execute(interrupted).fetchone(), "cgt: %s: interrupted" % name,
             "%s stops with SQLITE_INTERRUPT while solving" % name, code=9)
    got = a.execute(again).fetchone()[0]
    t.ok(got is not None, "%s works again after the interrupt (%r)" % (name, got))
# A graph look-up that finds the connection interrupted stops at once, for
# table-valued functions too (the graph is in the connection's cache).
for name, interrupted, again in (
        ("cgt_solve", "SELECT count(grundy) FROM cgt_solve(interrupt_now('line'))",
         "SELECT count(grundy) FROM cgt_solve('line')"),
        ("winning_moves", "SELECT count(*) FROM winning_moves('line', interrupt_now('[1]'))",
         "SELECT count(*) FROM winning_moves('line', '[1]')"),
        ("outcome", "SELECT outcome('line', interrupt_now(1))", "SELECT outcome('line', 1)")):
    t.raises(lambda: a.execute(interrupted).fetchone(), "cgt: %s: interrupted" % name,
             "%s stops with SQLITE_INTERRUPT when the look-up finds the interrupt" % name, code=9)
    got = a.execute(again).fetchone()[0]
    t.ok(got is not None, "%s works again after the interrupt (%r)" % (name, got))
a.close()
t.done()
