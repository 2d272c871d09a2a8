#!/usr/bin/python3
"""cgt_setting (docs/internals.md): the connection's 'memory' and 'progress'
settings.  Reading, setting, the value returned, names in any case, NULL,
errors naming the setting and the value; settings belong to one connection;
progress lines on standard error name the function, how far it is and the
time; a low 'memory' turns a result into an error naming the bytes, and
never changes a result otherwise."""
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()
one = lambda sql, *args: conn.execute(sql, args).fetchone()[0]  # noqa: E731

default_memory = one("SELECT cgt_setting('memory')")
t.ok(isinstance(default_memory, int) and default_memory >= 1 << 20, "'memory' has a default of at least 1 MiB",
     "got %r" % default_memory)
pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
t.is_(default_memory, pages // 2, "the default 'memory' is half the machine's memory")
t.is_(one("SELECT cgt_setting('progress')"), 0, "'progress' is 0 by default")
t.is_(one("SELECT cgt_setting('MEMORY', 5000000)"), 5000000, "setting returns the value now in force (any case)")
t.is_(one("SELECT cgt_setting('memory')"), 5000000, "and it stays")
t.is_(one("SELECT cgt_setting('memory', 6e6)"), 6000000, "a whole REAL is a number of bytes")
t.is_(one("SELECT cgt_setting('progress', 0.25)"), 0.25, "'progress' takes fractions of a second")
t.is_(one("SELECT cgt_setting('progress', 0)"), 0, "and 0 again")
t.is_(one("SELECT cgt_setting(NULL)"), None, "NULL name: NULL")
t.is_(one("SELECT cgt_setting('memory', NULL)"), None, "NULL value: NULL, nothing set")
t.is_(one("SELECT cgt_setting('memory')"), 6000000, "the NULL set nothing")
other = connect()
t.is_(other.execute("SELECT cgt_setting('memory')").fetchone()[0], default_memory,
      "another connection keeps its own settings")

for sql, fragment in [
        ("SELECT cgt_setting('speed')", "cgt: cgt_setting: unknown setting 'speed' (memory, progress)"),
        ("SELECT cgt_setting(7, 1)", "cgt: cgt_setting: unknown setting 7"),
        ("SELECT cgt_setting('memory', -1)", "cgt: cgt_setting: bad value -1 for setting 'memory'"),
        ("SELECT cgt_setting('memory', 1000)", "cgt: cgt_setting: bad value 1000 for setting 'memory' (a whole "
                                               "number of bytes from 1048576 to 2^62)"),
        ("SELECT cgt_setting('memory', 2.5e6 + 0.5)", "bad value 2500000.5 for setting 'memory'"),
        ("SELECT cgt_setting('memory', 'lots')", "bad value 'lots' for setting 'memory'"),
        ("SELECT cgt_setting('memory', 9223372036854775807)", "bad value 9223372036854775807 for setting 'memory'"),
        ("SELECT cgt_setting('progress', -0.5)", "bad value -0.5 for setting 'progress' (seconds from 0, for none, "
                                                 "to 1e9)"),
        ("SELECT cgt_setting('progress', x'01')", "bad value (a BLOB of 1 byte"),
]:
    t.raises(lambda: one(sql), fragment, "error: " + sql)
t.is_(one("SELECT cgt_setting('memory')"), 6000000, "a bad value sets nothing")
t.raises(lambda: conn.execute("CREATE VIEW v AS SELECT cgt_setting('memory') AS m").fetchall() or
         one("SELECT m FROM v"), "unsafe use of cgt_setting", "views cannot call it (DIRECTONLY)")


def with_stderr(fn):
    """fn's result and what was written to file descriptor 2 meanwhile."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as f:
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            result = fn()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        return result, f.read().decode("utf-8", "replace")


# Progress: a call of about 0.4 s (about as long under the
# sanitizers) prints lines at the setting's pace, none at 0.
n = 30000 if not os.environ.get("CGT_SANITIZED") else 15000
quiet = connect()
got, err = with_stderr(lambda: quiet.execute("SELECT max(grundy) FROM heap_sequence('treblecross', ?)", (n,))
                       .fetchone()[0])
t.ok(got > 0 and "cgt:" not in err, "no progress line at 'progress' 0", err)
loud = connect()
loud.execute("SELECT cgt_setting('progress', 0.01)")
got2, err = with_stderr(lambda: loud.execute("SELECT max(grundy) FROM heap_sequence('treblecross', ?)", (n,))
                        .fetchone()[0])
lines = [line for line in err.splitlines() if line.startswith("cgt: heap_sequence: ")]
t.ok(len(lines) >= 2, "progress lines name the function", err)
t.ok(all(" of %d (" % n in line and line.endswith(" s") for line in lines), "each says how far of how much and when",
     "\n".join(lines))
t.is_(got2, got, "the answer is the same")

# Memory: a low setting turns a result into an error naming the bytes, a
# setting that holds the tables changes nothing.
low = connect()
low.execute("SELECT cgt_setting('memory', 1048576)")
t.raises(lambda: low.execute("SELECT heap_grundy('grundy', 1100000)").fetchone(),
         "cgt: heap_grundy: the values of rule 'grundy' to heap 1100000: needs 1.0 MiB (1100001 bytes), more than "
         "the 'memory' setting of 1.0 MiB (1048576 bytes)", "a low 'memory' is an error naming the bytes",
         sqlite3.SQLITE_TOOBIG if hasattr(sqlite3, "SQLITE_TOOBIG") else None)
t.is_(low.execute("SELECT heap_grundy('grundy', 1000)").fetchone()[0],
      conn.execute("SELECT heap_grundy('grundy', 1000)").fetchone()[0], "a call within it gives the same answer")
t.done()
