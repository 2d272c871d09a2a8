#!/usr/bin/python3
# The caches are bounded by bytes, not by a few slots: one statement over
# 12 graphs taken in turn reads each graph once (counted by a function of
# the application inside a TEMP VIEW cgt_edge), a later statement reads
# none of 12 stored graphs again, 12 heap rules taken in turn give the
# right values, and the heap sequences kept stay within their budget of
# 256 MiB (the process's resident bytes, /proc/self/statm), a
# sequence over it being computed for its call and not kept.  The
# sanitized run (CGT_SANITIZED=1) leaves the byte budget to the plain run:
# it computes 2.4e8 values (its eviction paths were run under the
# sanitizers once, with the budgets cut to a few KB).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import SANITIZED, Tap, connect  # noqa: E402

t = Tap()
SCHEMA = open("sql/cgt_schema.sql").read()
GRAPHS = 12

# Graph g is a path g+1 -> g -> ... -> 1 -> 0 of g+1 moves: node g+1 is 'P'
# when g+1 is even.
def path_rows(g):
    return [(g, u, u - 1) for u in range(g + 1, 0, -1)]


def expected(g):
    return "P" if (g + 1) % 2 == 0 else "N"


# One statement, graphs through a view: each read counted per graph.
v = connect()
reads = {}


def seen(gid):
    reads[gid] = reads.get(gid, 0) + 1
    return 1


v.create_function("seen", 1, seen)   # not deterministic: called for every row read
v.execute("CREATE TABLE moves(graph_id, src, dst)")
v.execute("CREATE INDEX moves_by_graph ON moves(graph_id)")   # a read of graph g calls seen(g) once a row
for g in range(1, GRAPHS + 1):
    v.executemany("INSERT INTO moves VALUES (?, ?, ?)", path_rows(g))
v.execute("CREATE TEMP VIEW cgt_edge(graph_id, src, dst, side) AS"
          " SELECT graph_id, src, dst, NULL FROM moves WHERE seen(graph_id)")
v.execute("CREATE TABLE calls(i INTEGER PRIMARY KEY, g, node)")
v.executemany("INSERT INTO calls(g, node) VALUES (?, ?)",
              [(1 + i % GRAPHS, 1 + 1 + i % GRAPHS) for i in range(50 * GRAPHS)])

reads.clear()
v.execute("SELECT outcome(3, 4)").fetchone()
t.is_(reads, {3: 4}, "a read of graph 3 through the view calls seen(3) once for each of its 4 rows")

reads.clear()
got = v.execute("SELECT group_concat(outcome(g, node), '') FROM (SELECT g, node FROM calls ORDER BY i)").fetchone()[0]
want = "".join(expected(1 + i % GRAPHS) for i in range(50 * GRAPHS))
t.is_(got, want, "%d rows over %d graphs in turn: right outcomes" % (50 * GRAPHS, GRAPHS))
t.is_(sorted(reads), list(range(1, GRAPHS + 1)), "every graph was read")
t.is_(reads, {g: g + 1 for g in range(1, GRAPHS + 1)}, "one statement reads each of %d graphs once" % GRAPHS)

reads.clear()
got = v.execute("SELECT group_concat(grundy(g, node) || remoteness(g, node), ',') FROM "
                "(SELECT g, node FROM calls ORDER BY i DESC)").fetchone()[0]
t.ok(got is not None and len(got.split(",")) == 50 * GRAPHS, "two functions over the graphs in turn, reversed")
t.is_(reads, {g: g + 1 for g in range(1, GRAPHS + 1)}, "the two functions share one read of each graph")
v.close()

# Stored graphs: the connection cache keeps all 12 for later statements.
a = connect()
a.executescript(SCHEMA)
for g in range(1, GRAPHS + 1):
    a.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (?, ?, ?)", path_rows(g))
a.execute("CREATE TABLE calls(i INTEGER PRIMARY KEY, g, node)")
a.executemany("INSERT INTO calls(g, node) VALUES (?, ?)",
              [(1 + i % GRAPHS, 1 + 1 + i % GRAPHS) for i in range(20 * GRAPHS)])
traced = []
a.set_trace_callback(lambda sql: traced.append(sql) if "cgt_collect(src, dst)" in sql else None)
q = "SELECT group_concat(outcome(g, node), '') FROM (SELECT g, node FROM calls ORDER BY i)"
want = "".join(expected(1 + i % GRAPHS) for i in range(20 * GRAPHS))
t.is_(a.execute(q).fetchone()[0], want, "stored graphs in turn: right outcomes")
t.is_(len(traced), GRAPHS, "the first statement reads each stored graph once")
t.is_(a.execute(q).fetchone()[0], want, "again")
t.is_(len(traced), GRAPHS, "a later statement reads none of the %d graphs again" % GRAPHS)
for g in range(1, GRAPHS + 1):
    a.execute("SELECT outcome(?, 1)", (g,)).fetchone()
t.is_(len(traced), GRAPHS, "nor do %d statements of one graph each" % GRAPHS)
a.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 5, 6)")
t.is_(a.execute(q).fetchone()[0], want, "after a write: the same outcomes")
t.is_(len(traced), 2 * GRAPHS, "and every graph read again once")
a.close()


# Heap rules in turn: sub{1,k}, its values by the mex rule here.
def sub_values(k, count):
    g = []
    for n in range(count):
        options = {g[n - m] for m in (1, k) if n >= m}
        v = 0
        while v in options:
            v += 1
        g.append(v)
    return g


SUB = {k: sub_values(k, 3100) for k in range(2, 16)}


def sub_value(k, n):
    return SUB[k][n % (2 * (k + 1))]   # (period k + 1 for even k, 2 for odd k)


h = connect()
RULES = list(range(2, 16))   # 14 rules
rows = [(k, 7 + (i * 37 + i * i) % 3000) for i, k in enumerate(RULES * 40)]
h.execute("CREATE TABLE hq(i INTEGER PRIMARY KEY, k, n)")
h.executemany("INSERT INTO hq(k, n) VALUES (?, ?)", rows)
got = [r[0] for r in h.execute("SELECT heap_grundy('sub{1,' || k || '}', n) FROM hq ORDER BY i")]
t.is_(got, [sub_value(k, n) for k, n in rows], "%d rows over %d heap rules in turn: right values" % (len(rows), len(RULES)))
seq = h.execute("SELECT group_concat(grundy, '') FROM heap_sequence('sub{1,5}', 20)").fetchone()[0]
t.is_(seq, "".join(str(sub_value(5, n)) for n in range(21)), "heap_sequence's rows after them")


def memory_used():
    """The process's resident bytes: the heap sequences are allocated by
    the core's allocator (a sequence may pass SQLite's 2 GiB cap on one
    allocation), so SQLite's own count does not see them.  Blocks this large
    are mapped and unmapped whole, so freed ones leave the count."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None


BUDGET = 256 << 20
base = None if SANITIZED else memory_used()
if SANITIZED:
    t.ok(True, "# SKIP the byte budget: in the plain run")
elif not base:
    t.ok(True, "# SKIP /proc/self/statm is not available (no memory statistics)")
else:
    # 10 rules of 5·10^7 values (50 MB each, a byte a value): 500 MB if all were kept.
    for k in range(2, 12):
        t.is_(h.execute("SELECT heap_period('sub{1,%d}', 50000000)" % k).fetchone()[0],
              '{"preperiod":0,"period":%d,"saltus":0}' % (k + 1 if k % 2 == 0 else 2),
              "sub{1,%d}: its period from 5*10^7 values" % k)
    grown = memory_used() - base
    t.ok(grown <= BUDGET + (8 << 20), "10 sequences of 5*10^7 values: the cache holds at most 256 MiB (%d MiB)"
         % (grown >> 20))
    t.ok(grown >= 200 << 20, "and keeps the most recent ones up to it (%d MiB)" % (grown >> 20))
    # A sequence over the budget by itself: computed, answered, not kept.
    t.is_(h.execute("SELECT count(*), sum(grundy) FROM heap_sequence('sub{1,2}', 70000000) WHERE n % 1000000 = 0"
                    ).fetchone(), (71, sum(sub_value(2, n) for n in range(0, 70000001, 1000000))),
          "heap_sequence over the budget: its rows")
    t.ok(memory_used() - base <= BUDGET + (8 << 20), "and its values are not kept after the statement")
h.close()
t.done()
