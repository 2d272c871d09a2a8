#!/usr/bin/python3
# cgt_edge and cgt_node are found where SQLite's look-up of an unqualified
# name finds them (temp, then main, then attached databases in order), each
# on its own: temp tables, temp views over attached databases, two attached
# databases, a temp table shadowing main's, DETACH and ATTACH again, other
# connections' commits to an attached database, writes inside a transaction
# and ROLLBACK.  Every answer is checked against a fresh connection holding,
# in main, the rows that a plain SELECT * FROM cgt_edge (and cgt_node) sees
# on the connection under test: SQLite's own look-up is the reference.
import itertools
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
tmp = tempfile.mkdtemp()
SCHEMA = open("sql/cgt_schema.sql").read()
serial = itertools.count()

# Graph 1: state A has the move 1 -> 2; B adds 2 -> 3 (every query tells
# them apart).  Node 9 exists only when cgt_node says so.
QUERIES = (
    ("outcome", "SELECT outcome(1, 1)"),
    ("grundy", "SELECT grundy(1, 1)"),
    ("remoteness", "SELECT remoteness(1, 1)"),
    ("game_sum", "SELECT game_sum(1, 1)"),
    ("winning_moves", "SELECT count(*) FROM winning_moves(1, '[1]')"),
    ("cgt_solve", "SELECT group_concat(node || outcome, ' ') FROM (SELECT * FROM cgt_solve(1) ORDER BY node)"),
    ("cg_value", "SELECT cg_value(1, 1)"),
    ("node 9", "SELECT outcome(1, 9)"),
)


def answers(conn):
    out = {}
    for name, sql in QUERIES:
        try:
            out[name] = conn.execute(sql).fetchone()[0]
        except sqlite3.Error as e:
            out[name] = "ERROR: %s" % e
    return out


def reference(conn):
    """Answers of a fresh connection given, in main, the rows that SQLite's
    own look-up of cgt_edge and cgt_node shows on conn."""
    # A new text each time: Python's statement cache would keep a statement
    # bound to the table it found first, also after a table that comes
    # earlier in the look-up is created in another schema.
    fresh = " -- %d" % next(serial)
    edges = conn.execute("SELECT graph_id, src, dst, side FROM cgt_edge" + fresh).fetchall()
    try:
        nodes = conn.execute("SELECT graph_id, node FROM cgt_node" + fresh).fetchall()
    except sqlite3.OperationalError:
        nodes = None
    r = connect()
    r.execute("CREATE TABLE cgt_edge(graph_id, src, dst, side)")
    r.executemany("INSERT INTO cgt_edge VALUES (?, ?, ?, ?)", edges)
    if nodes is not None:
        r.execute("CREATE TABLE cgt_node(graph_id, node)")
        r.executemany("INSERT INTO cgt_node VALUES (?, ?)", nodes)
    got = answers(r)
    r.close()
    return got


def check(conn, name, want=None):
    """conn answers as the reference does (and gives outcome want at 1)."""
    got, truth = answers(conn), reference(conn)
    bad = {k: (got[k], truth[k]) for k in got if got[k] != truth[k]}
    ok = not bad and (want is None or got["outcome"] == want)
    t.ok(ok, name, "outcome %r, expected %r; differs from the reference (got, reference): %r"
         % (got["outcome"], want, bad))


def db(name):
    return os.path.join(tmp, name)


ADD = "INSERT INTO %s(graph_id, src, dst) VALUES (1, 2, 3)"
DEL = "DELETE FROM %s WHERE graph_id = 1 AND src = 2"

# ---- temp tables ----
a = connect(db("main.db"))
t.raises(lambda: a.execute("SELECT outcome(1, 1)").fetchone(), "cgt: outcome: cannot read cgt_edge: no such table: cgt_edge",
         "the error names the bare table")
a.execute("CREATE TEMP TABLE cgt_edge(graph_id, src, dst, side)")
a.execute("INSERT INTO temp.cgt_edge(graph_id, src, dst) VALUES (1, 1, 2)")
check(a, "a temp table", "N")
a.execute(ADD % "cgt_edge")
check(a, "its row added (state B)", "P")
a.execute("BEGIN")
a.execute(DEL % "cgt_edge")
check(a, "a delete inside a transaction is seen", "N")
a.execute("ROLLBACK")
check(a, "ROLLBACK brings B back", "P")

# a temp table shadowing main's, and main's again once it is dropped
a.executescript(SCHEMA)
a.execute("INSERT INTO main.cgt_edge(graph_id, src, dst) VALUES (1, 1, 2)")
check(a, "temp.cgt_edge shadows main.cgt_edge (B, not A)", "P")
a.execute("DROP TABLE temp.cgt_edge")
check(a, "dropped: main.cgt_edge (A)", "N")
a.execute("CREATE TEMP TABLE CGT_EDGE AS SELECT * FROM main.cgt_edge UNION ALL SELECT 1, 2, 3, NULL")
check(a, "a temp table named in capitals, made by CREATE TABLE AS (no change counted)", "P")
a.execute("DROP TABLE temp.cgt_edge")
check(a, "and main's again", "N")

# PRAGMA temp_store empties temp: a temp table made again the same way,
# with other rows, is read anew
a.execute("CREATE TEMP TABLE cgt_edge AS SELECT * FROM main.cgt_edge UNION ALL SELECT 1, 2, 3, NULL")
check(a, "a temp table made by CREATE TABLE AS", "P")
a.execute("PRAGMA temp_store = memory")
a.execute("CREATE TEMP TABLE cgt_edge AS SELECT * FROM main.cgt_edge")
check(a, "temp emptied by PRAGMA temp_store, the table made again with other rows", "N")
a.execute("PRAGMA temp_store = default")
t.raises(lambda: a.execute("SELECT * FROM temp.cgt_edge").fetchone(), "no such table", "temp emptied again")
check(a, "main's table again", "N")

# a trigger is not a table: a temp trigger named cgt_edge is passed over
a.execute("CREATE TABLE log(x)")
a.execute("CREATE TEMP TRIGGER cgt_edge AFTER INSERT ON main.log BEGIN SELECT 1; END")
check(a, "a temp trigger named cgt_edge: main's table is read", "N")
a.execute("DROP TRIGGER cgt_edge")

# cgt_node is looked up on its own
a.execute("CREATE TEMP TABLE cgt_node(graph_id, node)")
a.execute("INSERT INTO temp.cgt_node VALUES (1, 9)")
t.is_(a.execute("SELECT outcome(1, 9)").fetchone()[0], "P", "a temp cgt_node with main's cgt_edge")
check(a, "temp cgt_node, main cgt_edge")
a.execute("DELETE FROM temp.cgt_node")
check(a, "temp cgt_node emptied: node 9 is unknown again")
a.execute("DROP TABLE temp.cgt_node")

# ---- a temp view over an attached database ----
for mode in ("delete", "wal"):
    other = db("other-%s.db" % mode)
    x = connect(other)
    x.execute("PRAGMA journal_mode = %s" % mode)
    x.execute("CREATE TABLE moves(game, a, b)")
    x.execute("INSERT INTO moves VALUES (1, 1, 2)")
    a.execute("ATTACH ? AS other", (other,))
    a.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS SELECT game, a, b, NULL FROM other.moves")
    check(a, "%s: a temp view over other.moves" % mode, "N")
    x.execute(ADD.replace("(graph_id, src, dst)", "") % "moves")
    check(a, "%s: another connection's commit to the attached database is seen at once" % mode, "P")
    x.execute(DEL.replace("graph_id", "game").replace("src", "a") % "moves")
    check(a, "%s: and its delete" % mode, "N")
    x.execute("BEGIN")
    x.execute("INSERT INTO moves VALUES (1, 2, 3)")
    check(a, "%s: its uncommitted write is not seen" % mode, "N")
    x.execute("COMMIT")
    check(a, "%s: its COMMIT is" % mode, "P")
    a.execute("DELETE FROM other.moves WHERE a = 2")
    check(a, "%s: own write to the attached database" % mode, "N")
    a.execute("BEGIN")
    a.execute("INSERT INTO other.moves VALUES (1, 2, 3)")
    check(a, "%s: own write inside a transaction" % mode, "P")
    a.execute("ROLLBACK")
    check(a, "%s: ROLLBACK" % mode, "N")
    a.execute("SAVEPOINT s")
    a.execute("INSERT INTO other.moves VALUES (1, 2, 3)")
    check(a, "%s: inside a savepoint" % mode, "P")
    a.execute("ROLLBACK TO s")
    check(a, "%s: ROLLBACK TO" % mode, "N")
    a.execute("RELEASE s")

    # DETACH: the view cannot be read; the same file attached again after
    # another connection changed it is read anew
    a.execute("DETACH other")
    t.raises(lambda: a.execute("SELECT outcome(1, 1)").fetchone(), "no such table: other.moves",
             "%s: detached: the view fails as a plain SELECT would" % mode)
    x.execute("INSERT INTO moves VALUES (1, 2, 3)")
    a.execute("ATTACH ? AS other", (other,))
    check(a, "%s: attached again after another connection's commit" % mode, "P")
    a.execute("DETACH other")
    x.execute("DELETE FROM moves WHERE a = 2")
    a.execute("ATTACH ? AS other", (other,))
    check(a, "%s: and again after its delete" % mode, "N")
    a.execute("DROP VIEW temp.cgt_edge")
    check(a, "%s: view dropped: main.cgt_edge" % mode, "N")
    a.execute("DETACH other")
    x.close()

# ---- two attached databases, and a name that needs quoting ----
one, two = db("one.db"), db("two.db")
for path, rows in ((one, [(1, 1, 2)]), (two, [(1, 1, 2), (1, 2, 3)])):
    c = connect(path)
    c.executescript(SCHEMA)
    c.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (?, ?, ?)", rows)
    c.close()
b = connect()
b.execute("ATTACH ? AS one", (one,))
b.execute("ATTACH ? AS \"two db\"", (two,))
check(b, "two attached databases: the first attached one wins", "N")
b.execute("DETACH one")
check(b, "the first detached: the second one, named with a space", "P")
b.execute("ATTACH ? AS one", (one,))
check(b, "attached again, now after the other: still the second", "P")
b.execute("CREATE TABLE main.cgt_edge(graph_id, src, dst, side)")
check(b, "an empty main.cgt_edge comes before both")
b.execute("DROP TABLE main.cgt_edge")
b.execute("INSERT INTO one.cgt_node VALUES (1, 9)")
check(b, "\"two db\".cgt_node (empty) comes before one.cgt_node")
t.raises(lambda: b.execute("SELECT outcome(1, 9)").fetchone(), "unknown node 9 in graph 1", "so node 9 is unknown")
b.execute("DROP TABLE \"two db\".cgt_node")
check(b, "cgt_node from one, cgt_edge from \"two db\"")
t.is_(b.execute("SELECT outcome(1, 9)").fetchone()[0], "P", "node 9 of one.cgt_node is known")
b.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS "
          "SELECT graph_id, src, dst, side FROM one.cgt_edge UNION SELECT graph_id, src, dst, side FROM \"two db\".cgt_edge")
check(b, "a temp view over both attached databases", "P")
b.execute("DELETE FROM \"two db\".cgt_edge WHERE src = 2")
check(b, "a write to the second one is seen through the view", "N")
b.close()

# ---- partizan rows through a temp view over an attached database ----
p = connect()
p.execute("ATTACH ':memory:' AS games")
p.execute("CREATE TABLE games.moves(g, a, b, who)")
p.executemany("INSERT INTO games.moves VALUES ('p', ?, ?, ?)", [("a", "b", "L"), ("a", "c", "R")])
p.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS SELECT g, a, b, who FROM games.moves")
t.is_(p.execute("SELECT cg_value('p', 'a')").fetchone()[0], "*", "{0|0} = * from sided rows of an attached database")
p.execute("UPDATE games.moves SET who = 'L'")
t.is_(p.execute("SELECT cg_value('p', 'a')").fetchone()[0], "1", "both moves Left's: {0,0|} = 1")
p.execute("UPDATE games.moves SET who = 'X' WHERE b = 'c'")
t.raises(lambda: p.execute("SELECT cg_value('p', 'a')").fetchone(), "cgt_edge has side 'X' in graph 'p'",
         "a bad side in the attached table is named")
p.close()

# ---- reads ----
c = connect(db("reads.db"))
other = db("reads-other.db")
c.execute("ATTACH ? AS other", (other,))
c.execute("CREATE TABLE other.moves(game, a, b)")
c.executemany("INSERT INTO other.moves VALUES (1, ?, ?)", [(1, 2), (2, 3), (3, 1)])
c.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS SELECT game, a, b, NULL FROM other.moves")
c.execute("CREATE TABLE tokens(node)")
c.executemany("INSERT INTO tokens VALUES (?)", [(1,), (2,), (3,)])
reads = []
c.set_trace_callback(lambda sql: reads.append(sql) if "cgt_collect(src, dst)" in sql else None)
t.is_(c.execute("SELECT group_concat(outcome(1, node), '') FROM tokens").fetchone()[0], "DDD", "a cycle via the view")
t.is_(len(reads), 1, "read once for a statement of three rows")
t.ok(all('"temp".cgt_edge' in r for r in reads), "read through its qualified name", repr(reads))
c.set_trace_callback(None)

# A view of cgt_edge that calls a graph function would read the graph it is
# being read for, without end: an error, not a crash.
c.execute("DROP VIEW cgt_edge")
c.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS "
          "SELECT game, a, b, NULL FROM other.moves WHERE outcome(game, a) IS NOT NULL")
t.raises(lambda: c.execute("SELECT outcome(1, 1)").fetchone(), "calls a function that reads a graph",
         "a view calling outcome() while its graph is read")
t.raises(lambda: c.execute("SELECT count(*) FROM cgt_solve(1)").fetchone(), "calls a function that reads a graph",
         "and through a table-valued function")
c.execute("DROP VIEW cgt_edge")
c.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS "
          "SELECT game, a, b, CASE WHEN cg_value(game, a) IS NULL THEN NULL ELSE 'L' END FROM other.moves")
t.raises(lambda: c.execute("SELECT cg_value(1, 1)").fetchone(), "calls a function that reads a graph",
         "a view calling cg_value() while the partizan rows are read")
c.execute("DROP VIEW cgt_edge")
c.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS SELECT game, a, b, NULL FROM other.moves")
t.is_(c.execute("SELECT outcome(1, 1)").fetchone()[0], "D", "after the errors the plain view is read again")
c.close()
a.close()
t.done()
