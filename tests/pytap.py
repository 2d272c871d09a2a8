"""TAP output and cgt connections for the Python tests.

    from pytap import Tap, connect
    t = Tap()
    conn = connect()              # sqlite3 connection with cgt loaded
    t.is_(got, want, "name")
    t.done()                      # prints the plan, exits 1 on failure

Environment: CGT_EXT (extension path, default ./dist/cgt), and CGT_PRELOAD
(sanitizer runtimes): when set, the script re-executes itself with them
preloaded, since a sanitized extension needs its runtime loaded first.
"""
import os
import sqlite3
import sys


def _preload():
    pre = os.environ.get("CGT_PRELOAD")
    if pre and pre not in os.environ.get("LD_PRELOAD", ""):
        env = dict(os.environ, LD_PRELOAD=pre)
        # Python itself does not free everything at exit: no leak report.
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
        os.execve(sys.executable, [sys.executable] + sys.argv, env)


_preload()

EXT = os.environ.get("CGT_EXT", "./dist/cgt")
SANITIZED = bool(os.environ.get("CGT_SANITIZED"))


def connect(path=":memory:"):
    """A connection in autocommit mode (BEGIN/COMMIT are explicit) with cgt."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.enable_load_extension(True)
    conn.load_extension(EXT)
    conn.enable_load_extension(False)
    return conn


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def ok(self, cond, name, diag=None):
        self.count += 1
        print(("ok %d - %s" if cond else "not ok %d - %s") % (self.count, name))
        if not cond:
            self.failed += 1
            for line in str(diag or "").splitlines():
                print("#   " + line)
        sys.stdout.flush()
        return cond

    def is_(self, got, want, name):
        return self.ok(got == want, name, "got:      %r\nexpected: %r" % (got, want))

    def raises(self, fn, fragment, name, code=None):
        """The call fails with an error containing fragment (and code)."""
        try:
            fn()
        except sqlite3.Error as e:
            got_code = getattr(e, "sqlite_errorcode", code)
            return self.ok(fragment in str(e) and got_code == code if code is not None else fragment in str(e),
                           name, "error was: %s (code %s)" % (e, got_code))
        return self.ok(False, name, "no error; expected one containing %r" % fragment)

    def done(self):
        print("1..%d" % self.count)
        sys.exit(1 if self.failed else 0)
