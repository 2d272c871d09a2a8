#!/usr/bin/python3
"""The Python package sqlite-cgt (docs/packages.md), tested as a user installs
it: `make wheel` and `make sdist` build it offline; the wheel is installed
with --no-index into a fresh venv of Debian's /usr/bin/python3, and from
another directory loads cgt and runs real queries (a graph, a heap game, a
partizan value); loading is off again after load(); a connection without
enable_load_extension gets an error naming the cause and the remedies; the
wheel's files and tags; the sdist builds the C code from source and installs
too; readelf checks of the library the wheel ships; the pandas example.
Plain suite only."""
import os
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tests"))
from pytap import Tap  # noqa: E402
from shipped import VERSION, check_library, run  # noqa: E402

PY = "/usr/bin/python3"
if os.environ.get("CGT_SANITIZED"):
    print("1..0 # SKIP the packages are tested in the plain suite")
    sys.exit(0)
missing = [m for m in ("pip", "ensurepip", "setuptools", "wheel")
           if subprocess.run([PY, "-c", "import " + m], capture_output=True).returncode]
if missing:
    print("1..0 # SKIP Debian's python3 lacks %s (.ci/run installs python3-pip, -venv, -setuptools, -wheel)"
          % ", ".join(missing))
    sys.exit(0)

t = Tap()

tmp = tempfile.mkdtemp(prefix="cgt-python-")
env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
ok, out = run(["make", "-s", "-C", ROOT, "wheel", "sdist"], env=env)
t.ok(ok, "make wheel and make sdist build both offline", out)
wheel = os.path.join(ROOT, "dist", "sqlite_cgt-%s-py3-none-linux_x86_64.whl" % VERSION)
sdist = os.path.join(ROOT, "dist", "sqlite-cgt-%s.tar.gz" % VERSION)

# The wheel's files and tags.
with zipfile.ZipFile(wheel) as z:
    names = sorted(n for n in z.namelist() if not n.startswith("sqlite_cgt-%s.dist-info/" % VERSION))
    meta = z.read("sqlite_cgt-%s.dist-info/WHEEL" % VERSION).decode()
    z.extract("sqlite_cgt/cgt.so", tmp)
t.is_(names, ["sqlite_cgt/__init__.py", "sqlite_cgt/cgt.so"], "the wheel holds the module and the library only")
t.ok("Root-Is-Purelib: false" in meta and "Tag: py3-none-linux_x86_64" in meta,
     "a platform wheel: py3-none-linux_x86_64, not purelib", meta)
for name, good, why in check_library(os.path.join(tmp, "sqlite_cgt", "cgt.so")):
    t.ok(good, "the wheel's library: " + name, why)

# A user's script, run from another directory by each installed package.
SCRIPT = r'''
import sqlite3, sqlite_cgt
conn = sqlite3.connect(":memory:")
sqlite_cgt.load(conn)
one = lambda sql: conn.execute(sql).fetchone()[0]
conn.execute("CREATE TABLE cgt_edge(graph_id, src, dst, side)")
conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, ?, ?)", [("a", "b"), ("b", "c"), ("c", "a"), ("b", "d")])
print(one("SELECT group_concat(node || '=' || outcome, ' ') FROM (SELECT * FROM cgt_solve(1) ORDER BY node)"))
print(one("SELECT heap_grundy('kayles', 15)"), one("SELECT cg_add('{1|0}', '^')"))
print(sqlite_cgt.__version__ == one("SELECT cgt_version()"), sqlite_cgt.loadable_path().endswith("/sqlite_cgt/cgt"))
try:
    conn.load_extension(sqlite_cgt.loadable_path())
    print("loading still on")
except sqlite3.OperationalError as e:
    print("loading off:", e)
try:
    sqlite_cgt.load(None)
except TypeError as e:
    print(e)
class NoExtensions(sqlite3.Connection):   # as a Python built without extension loading has it
    enable_load_extension = property(lambda self: (_ for _ in ()).throw(AttributeError("enable_load_extension")))
try:
    sqlite_cgt.load(NoExtensions(":memory:"))
except RuntimeError as e:
    print(e)
'''
WANT_HEAD = ("a=P b=N c=N d=P\n7 {1^|^}\nTrue True\nloading off: not authorized\n"
             "sqlite_cgt.load takes a sqlite3.Connection or an apsw.Connection, not NoneType\n")


def installed(label, venv_args, pip_args):
    venv = os.path.join(tmp, label)
    ok, out = run([PY, "-m", "venv"] + venv_args + [venv])
    if ok:
        ok, out = run([os.path.join(venv, "bin", "pip"), "install", "-q", "--no-index"] + pip_args, env=env)
    t.ok(ok, "%s: installs into a fresh venv with --no-index" % label, out)
    ok, out = run([os.path.join(venv, "bin", "python"), "-c", SCRIPT], cwd=tmp, env=env)
    t.ok(ok and out.startswith(WANT_HEAD), "%s: loads from another directory; a graph, a heap game, a partizan "
         "value; __version__ is cgt_version(); loading is off after load()" % label, out)
    tail = out[len(WANT_HEAD):] if out.startswith(WANT_HEAD) else out
    t.ok("cannot load extensions" in tail and "--enable-loadable-sqlite-extensions" in tail and "apsw" in tail,
         "%s: a connection without enable_load_extension: the cause and the remedies" % label, tail)


installed("wheel", [], [wheel])
# The sdist compiles ext/ (at -O0 here: the build is what is tested); its
# build needs setuptools and wheel, Debian's, seen through the venv.
env["CFLAGS"] = "-O0"
installed("sdist", ["--system-site-packages"], ["--no-build-isolation", sdist])

# The README's pandas example, over a stored graph (pandas is Debian's
# python3-pandas, seen through the second venv; .ci/run installs it).
python = os.path.join(tmp, "sdist", "bin", "python")
if subprocess.run([python, "-c", "import pandas"], capture_output=True).returncode:
    t.ok(True, "# SKIP examples/pandas_graph.py: pandas is not installed (apt-get install python3-pandas)")
else:
    ok, out = run([python, os.path.join(ROOT, "examples", "pandas_graph.py")], cwd=tmp)
    t.is_(out, "outcome\nD    38\nN    15\nP     7\nlosing positions for the player to move: 0 3 6 9 12 15 18\n"
          "the longest win: 13 moves\n", "examples/pandas_graph.py: pd.read_sql_query over cgt_solve")
t.done()
