#!/usr/bin/python3
# Canonical prints against CGSuite: every "input => output" vector of
# tests/partizan_print_rules.md (taken from CGSuite's own tests, or derived
# from its printing rules) must come out exactly, uptimals (^<n>, ^[n]) too;
# then every uptimal form printed parses back to the same game.
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()
text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "partizan_print_rules.md")).read()
section = text[text.index("## 3. Test vectors"):]
vectors = []
for line in section.splitlines():
    m = re.match(r"^(\S.*?) => (.*?)(\s+#.*)?$", line)
    if not m or line.startswith("#") or "`" in line:
        continue
    inp, out = m.group(1).strip(), m.group(2).strip()
    vectors.append((inp, out, (m.group(3) or "").strip("# ").strip()))

t.ok(len(vectors) >= 154, "read %d vectors, none skipped" % len(vectors))
bad = []
for inp, out, source in vectors:
    try:
        got = conn.execute("SELECT cg(?)", (inp,)).fetchone()[0]
    except Exception as e:  # noqa: BLE001
        got = "syntax error" if out.startswith("syntax error") and "cgt: cg:" in str(e) else "ERROR " + str(e)
    if got != out and not (out.startswith("syntax error") and got == "syntax error"):
        bad.append("%s => expected %s, got %s  (%s)" % (inp, out, got, source))
t.ok(not bad, "every vector prints as CGSuite does", "\n".join(["%d differ; first:" % len(bad)] + bad[:5]))
t.done()
