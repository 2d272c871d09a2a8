#!/usr/bin/python3
# Every example of the README's function reference runs, and returns what
# its "-- →" comment says (columns joined by |, rows by " / ", NULL as NULL).
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pytap import Tap, connect  # noqa: E402

t = Tap()
text = open("README.md", encoding="utf-8").read()
reference = text[text.index("## Function reference"):]
reference = reference[:reference.index("\n## ", 1)]
blocks = re.findall(r"```sql\n(.*?)```", reference, re.S)
conn = connect()


def show(rows):
    return " / ".join("|".join("NULL" if v is None else str(v) for v in row) for row in rows)


# Split each block into statements, each with the result its comment promises.
examples = []
for block in blocks:
    code = ""
    for line in block.splitlines():
        body, _, comment = line.partition("--")
        if line.startswith(".read "):
            examples.append((line, None))
            continue
        if comment.strip().startswith("→") and not body.strip() and examples:
            examples[-1] = (examples[-1][0], comment.strip()[1:].strip())
            continue
        code += body + "\n"
        if body.rstrip().endswith(";"):
            want = comment.strip()[1:].strip() if comment.strip().startswith("→") else None
            examples.append((code.strip(), want))
            code = ""

t.ok(len(examples) >= 20, "the reference has examples (%d statements)" % len(examples))
for stmt, want in examples:
    try:
        if stmt.startswith(".read "):
            conn.executescript(open(stmt.split()[1]).read())
            continue
        rows = conn.execute(stmt).fetchall()
    except Exception as e:  # noqa: BLE001 - any failure is the test's failure
        t.ok(False, stmt, "error: %s" % e)
        continue
    if want is not None:
        t.is_(show(rows), want, stmt)
t.done()
