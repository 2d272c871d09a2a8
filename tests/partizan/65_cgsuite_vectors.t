#!/usr/bin/python3
# Canonical prints against CGSuite: every "input => output" vector of
# tests/partizan/partizan_print_rules.md (taken from CGSuite's own tests, or derived
# from its printing rules) must come out exactly, uptimals (^<n>, ^[n]) too;
# then every uptimal form printed parses back to the same game.
import os
import random
import re
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
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

# ---- uptimals: random x + a1.^<1> + ... + a4.^<4> + *m
def expected(x, a, m):
    """CGSuite's compact text when there is one (a unit or a unit sum of length >= 2), else None."""
    k = max([i + 1 for i, c in enumerate(a) if c] or [0])
    if k < 2:
        return None
    unit = all(c == 0 for c in a[:k - 1]) and abs(a[k - 1]) == 1
    run = all(c == a[0] for c in a[:k]) and abs(a[0]) == 1
    if not unit and not run:
        return None
    text = '' if x == '0' else x
    text += ('^' if a[k - 1] > 0 else 'v') + ('<%d>' % k if unit else '[%d]' % k)
    return text + ('' if m == 0 else '*' if m == 1 else '*%d' % m)


rng = random.Random(65)
bad, compact = [], 0
for _ in range(300):
    x = rng.choice(['0', '0', '1', '-1/2', '3/4'])
    m = rng.choice([0, 0, 1, 2, 3])
    a = [rng.choice([-1, 0, 0, 1, 1]) if rng.random() < 0.8 else rng.randint(-2, 2) for _ in range(4)]
    parts = [x, '*%d' % m] + ['%s%s' % ('+' if c > 0 else '-', '^<%d>' % (i + 1)) * 1 for i, c in enumerate(a)
                               for _ in range(abs(c))]
    text = parts[0] + '+' + parts[1] + ''.join(parts[2:])
    got = conn.execute("SELECT cg(?)", (text,)).fetchone()[0]
    back = conn.execute("SELECT cg(?)", (got,)).fetchone()[0]
    want = expected(x, a, m)
    compact += want is not None
    longer = any(a[1:])   # an uptimal of two places or more: compact or a general game in braces
    if back != got or (want is not None and got != want) or (want is None and longer and not got.startswith('{')):
        bad.append("%s printed %s (expected %s), read back as %s" % (text, got, want, back))
t.ok(not bad and compact >= 30, "300 random uptimals (%d compact) print as CGSuite does and parse back" % compact,
     "\n".join(bad[:5]))
t.is_(conn.execute("SELECT cg('^<1>+^<2>+^<3>'), cg('{0|v[2]*}'), cg('{^[2]|*}'), cg('^[3]-^<3>'), "
                   "cg('^<2>+^<2>')").fetchone(), ('^[3]', '^<3>', '^[3]', '^[2]', '{0||0,v*|vv}'),
      "^[n] is the sum of ^<1> to ^<n>; ^<n> = {0|v[n-1]*}; ^[n] = {^[n-1]|*}; 2.^<2> has no compact form")
t.is_(conn.execute("SELECT cg('{3|5/2v,5/2*}')").fetchone(), ('{3|5/2*,5/2v}',),
      "uptimals sort by number, coefficients, length (x* before xv), nimber: as CGSuite's "
      "GameGridTest.scala:46 prints {...|5/2*,5/2v||5/2}")
big = conn.execute("SELECT cg('v[500]*2'), cg('3/4^<500>*3'), cg(cg('^[500]'))").fetchone()
t.is_(big, ('v[500]*2', '3/4^<500>*3', '^[500]'), "the largest uptimals read (n = 500) print and parse back")
# uptimals past the order the parser reads, made from ones it reads: printed in braces, so they parse back
past = conn.execute("SELECT cg('{0|v[500]*}'), cg('{^[500]|*}'), cg('1{0|v[500]*}*2')").fetchone()
t.ok(not any('501' in p for p in past), "^<501>, ^[501] and 1^<501>*2 are not printed in a notation cg() refuses", past)


def reread(p):
    try:
        return conn.execute("SELECT cg(?), cg_cmp(cg(?), ?)", (p, p, p)).fetchone()
    except sqlite3.Error as e:
        return str(e)


t.is_([reread(p) for p in past], [(p, '=') for p in past], "and their printed forms parse back to the same games")
for text, why in (('^<501>', 'uptimal order must be 1 to 500'), ('^<0>', 'uptimal order must be 1 to 500'),
                  ('v[99999999999999999999999]', 'uptimal order must be 1 to 500'), ('^<3', 'expected ^<n> or v<n>'),
                  ('^[2>', 'expected ^[n] or v[n]'), ('^<>', 'expected ^<n> or v<n>'), ('^<-1>', 'expected')):
    try:
        conn.execute("SELECT cg(?)", (text,)).fetchone()
        t.ok(False, "%s is an error" % text)
    except Exception as e:  # noqa: BLE001
        t.ok("cgt: cg: " + why in str(e), "%s is the error '%s'" % (text, why), str(e))
t.done()
