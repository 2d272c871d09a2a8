#!/usr/bin/python3
# Every example of README.md and of the reference pages docs/*.md runs, and
# returns what its "-- →" comment says (columns joined by |, rows by " / ",
# NULL as NULL), or fails with the error its "-- error:" comment says ("..."
# stands for any text).  Each page runs in a fresh connection, its ```sql
# blocks in order, so a page creates what its examples use.  The README's
# tour is also pasted into the sqlite3 shell as written (only its .load
# line names the extension under test) and must print exactly the results
# its comments promise, and nothing on stderr.
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import EXT, Tap, connect  # noqa: E402

t = Tap()
PAGES = ["README.md"] + sorted(glob.glob("docs/*.md"))


def show(rows):
    return " / ".join("|".join("NULL" if v is None else str(v) for v in row) for row in rows)


def expectation(comment):
    """("rows", text) for "→ text", ("error", text) for "error: text", else None."""
    comment = comment.strip()
    if comment.startswith("→"):
        return ("rows", comment[1:].strip())
    if comment.startswith("error:"):
        return ("error", comment[len("error:"):].strip())
    return None


def statements(block):
    """The block's statements, each (text, expectation or None)."""
    examples, code = [], ""
    for line in block.splitlines():
        if line.startswith("."):
            examples.append((line.strip(), None))
            continue
        body, _, comment = line.partition("--")
        want = expectation(comment)
        if want and not body.strip() and examples and not code.strip():
            examples[-1] = (examples[-1][0], want)
            continue
        code += body + "\n"
        if body.rstrip().endswith(";"):
            examples.append((code.strip(), want))
            code = ""
    return examples


def run_page(page):
    """Runs every statement of a page's sql blocks in a fresh connection."""
    text = open(page, encoding="utf-8").read()
    conn = connect()
    checked = 0
    for block in re.findall(r"```sql\n(.*?)```", text, re.S):
        for stmt, want in statements(block):
            if stmt.startswith(".load "):
                continue  # the connection has the extension under test
            if stmt.startswith(".read "):
                conn.executescript(open(stmt.split()[1]).read())
                continue
            if stmt.startswith("."):
                t.ok(False, "%s: %s" % (page, stmt), "only .load and .read are supported")
                continue
            name = "%s: %s" % (page, stmt)
            try:
                rows = conn.execute(stmt).fetchall()
            except Exception as e:  # noqa: BLE001 - any failure is the test's failure
                if want and want[0] == "error":
                    parts = [p.strip() for p in want[1].split("...") if p.strip()]
                    t.ok(all(p in str(e) for p in parts), name, "error was: %s" % e)
                    checked += 1
                else:
                    t.ok(False, name, "error: %s" % e)
                continue
            if want is None:
                continue
            checked += 1
            if want[0] == "error":
                t.ok(False, name, "no error; expected: %s" % want[1])
            else:
                t.is_(show(rows), want[1], name)
    conn.close()
    return checked


counts = {page: run_page(page) for page in PAGES}
for page, n in counts.items():
    t.ok(n >= 1, "%s has checked examples (%d)" % (page, n))
t.ok(sum(counts.values()) >= 100, "the pages have examples (%d checked)" % sum(counts.values()))


# The README's Python examples print what their "# " comments say (a block
# that imports a module this Python lacks, such as apsw, is skipped).
# sqlite_cgt is the package's module (bindings/python) with this flavour's
# library beside it, as an installed package has it.
package = tempfile.mkdtemp(prefix="cgt-readme-")
os.mkdir(os.path.join(package, "sqlite_cgt"))
shutil.copy("bindings/python/sqlite_cgt/__init__.py", os.path.join(package, "sqlite_cgt"))
os.symlink(os.path.abspath(EXT + ".so"), os.path.join(package, "sqlite_cgt", "cgt.so"))
readme = open("README.md", encoding="utf-8").read()
for block in re.findall(r"```python\n(.*?)```", readme, re.S):
    want = [line.partition("# ")[2].strip() for line in block.splitlines() if line.startswith("print(")]
    modules = [m.strip().split()[0] for line in re.findall(r"^import (.*)$", block, re.M) for m in line.split(",")]
    lacking = [m for m in modules if m != "sqlite_cgt" and subprocess.run([sys.executable, "-c", "import " + m],
                                                                          capture_output=True).returncode]
    if lacking:
        t.ok(True, "README's %s example # SKIP no module %s" % (modules[-1], lacking[0]))
        continue
    run = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PYTHONPATH=package))
    t.ok(run.stdout.splitlines() == want, "README's %s example prints what it says" % modules[-1],
         "stdout: %r\nstderr: %s\nexpected: %r" % (run.stdout, run.stderr, want))
shutil.rmtree(package)


# Links between the pages lead to a file, and to a heading when they name one
# (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
def anchors(path):
    text = re.sub(r"```.*?```", "", open(path, encoding="utf-8").read(), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", text, re.M)}


for page in PAGES:
    for target in re.findall(r"\]\(([^)\s]+)\)", open(page, encoding="utf-8").read()):
        if re.match(r"\w+:", target):
            continue
        path, _, anchor = target.partition("#")
        path = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        t.ok(os.path.exists(path) and (not anchor or anchor in anchors(path)),
             "%s links to %s" % (page, target))


# The tour, pasted into the sqlite3 shell.
tour = readme[readme.index("## A short tour"):]
tour = re.search(r"```sql\n(.*?)```", tour, re.S).group(1)
t.ok(tour.startswith(".load ./dist/cgt\n"), "the tour loads ./dist/cgt first")
want_lines = []
for stmt, want in statements(tour):
    if want:
        t.ok(want[0] == "rows" and "NULL" not in want[1], "the tour expects printed rows: %s" % stmt)
        want_lines += want[1].split(" / ")
shell = subprocess.run([os.environ.get("SQLITE3", "sqlite3"), "-batch", ":memory:"],
                       input=tour.replace(".load ./dist/cgt\n", ".load %s\n" % EXT, 1),
                       capture_output=True, text=True, timeout=60)
t.is_(shell.stderr, "", "the tour writes nothing to stderr in the sqlite3 shell")
t.is_(shell.returncode, 0, "the sqlite3 shell exits 0 after the tour")
t.is_(shell.stdout.splitlines(), want_lines, "the sqlite3 shell prints what the tour says")
t.ok(len(want_lines) >= 8, "the tour checks its results (%d lines)" % len(want_lines))
t.done()
