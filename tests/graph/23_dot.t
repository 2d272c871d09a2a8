#!/usr/bin/python3
# cgt_dot: exact DOT text of small graphs (impartial and partizan), node ids
# escaped for DOT (quotes, backslashes, newlines, control bytes, invalid
# UTF-8, unicode, '&', BLOB and REAL ids), the max_nodes limit and its
# errors, NULLs; a differential check of every label, colour and bold move
# of a random loopy graph against cgt_solve and cgt_options, and of the
# classes of random partizan DAGs against cg_outcome(cg_value); Graphviz's
# `dot -Tsvg` accepts every output, drawing each id as written.
import html
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()
conn.executescript(open("sql/cgt_schema.sql").read())
conn.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 2, 3), (1, 3, 1), (1, 2, 2)")
q = lambda sql, *a: conn.execute(sql, a).fetchone()[0]  # noqa: E731

HEAD = ("digraph cgt {\n  // N green: the player to move wins; P orange: loses; D grey: a draw. "
        "g: Grundy value, r: remoteness; winning moves bold.\n  node [style=filled];\n")
t.is_(q("SELECT cgt_dot(1)"), HEAD +
      '  n0 [label="1\\ng=0, r=0", fillcolor="#fdb863"];\n'
      '  n1 [label="2\\ng=inf{1}", fillcolor="#d9d9d9"];\n'
      '  n2 [label="3\\ng=1, r=1", fillcolor="#a6dba0"];\n'
      '  n1 -> n1;\n  n1 -> n2;\n  n2 -> n0 [style=bold];\n}\n', "graph 1, exactly")
t.is_(q("SELECT cgt_dot(1, 3)"), HEAD +
      '  n0 [label="1\\ng=0, r=0", fillcolor="#fdb863"];\n'
      '  n1 [label="3\\ng=1, r=1", fillcolor="#a6dba0"];\n'
      '  n1 -> n0 [style=bold];\n}\n', "the part reachable from 3, exactly")
t.is_(q("SELECT cgt_dot(1, 1, 1)"), HEAD + '  n0 [label="1\\ng=0, r=0", fillcolor="#fdb863"];\n}\n',
      "a terminal root alone, max_nodes 1")

# Partizan: sides label the moves; nodes are filled by outcome class.
PHEAD = ("digraph cgt {\n  // L blue: Left wins, R red: Right wins (whoever starts); N green: the first player wins; "
         "P orange: the second; D grey: a draw for a first player. Moves: the side that makes them (none: either); "
         "winning moves bold.\n  node [style=filled];\n")
conn.execute("""INSERT INTO cgt_edge VALUES ('dom','a','b','L'), ('dom','a','c','R'), ('dom','b','d','R'),
                ('dom','c','d','L'), ('dom','d','e',NULL)""")
t.is_(q("SELECT cgt_dot('dom')"), PHEAD +
      '  n0 [label="a\\nN", fillcolor="#a6dba0"];\n  n1 [label="b\\nP", fillcolor="#fdb863"];\n'
      '  n2 [label="c\\nP", fillcolor="#fdb863"];\n  n3 [label="d\\nN", fillcolor="#a6dba0"];\n'
      '  n4 [label="e\\nP", fillcolor="#fdb863"];\n'
      '  n0 -> n1 [label="L", style=bold];\n  n0 -> n2 [label="R", style=bold];\n  n1 -> n3 [label="R"];\n'
      '  n2 -> n3 [label="L"];\n  n3 -> n4 [style=bold];\n}\n', "a partizan graph, exactly")
t.is_(q("SELECT cgt_dot('dom', 'c')").count(" -> "), 2, "partizan, reachable from c: 2 moves")
conn.execute("INSERT INTO cgt_edge VALUES ('dr','x','y',NULL), ('dr','y','x',NULL), ('dr','x','t','L'), ('lr','u','v','L')")
t.is_(q("SELECT cgt_dot('dr')"), PHEAD +
      '  n0 [label="t\\nP", fillcolor="#fdb863"];\n'
      '  n1 [label="x\\nD: Left first: Left wins, Right first: draw", fillcolor="#d9d9d9"];\n'
      '  n2 [label="y\\nD: Left first: draw, Right first: Left wins", fillcolor="#d9d9d9"];\n'
      '  n1 -> n0 [label="L", style=bold];\n  n1 -> n2 [style=bold];\n  n2 -> n1;\n}\n',
      "a partizan cycle: draws for one first player")
t.ok('label="u\\nL", fillcolor="#92c5de"' in q("SELECT cgt_dot('lr')"), "Left's move alone: an L-position, blue")

# Differential: random partizan DAGs; each node's class is cg_outcome(cg_value(...)).
agree, checked = True, 0
for g in range(12):
    gid = "pd%d" % g
    prng = random.Random(g)
    edges = set()
    for _ in range(14):   # moves from a higher node to a lower one: acyclic
        a, b = sorted(prng.sample(range(9), 2))
        edges.add((b, a, prng.choice(["L", "R", None])))
    conn.executemany("INSERT INTO cgt_edge VALUES (?, ?, ?, ?)", [(gid,) + e for e in edges])
    if all(e[2] is None for e in edges):
        continue
    text = q("SELECT cgt_dot(?)", gid)
    for (node,) in conn.execute("SELECT DISTINCT src FROM cgt_edge WHERE graph_id = ? UNION "
                                "SELECT dst FROM cgt_edge WHERE graph_id = ?", (gid, gid)).fetchall():
        want = q("SELECT cg_outcome(cg_value(?, ?))", gid, node)
        checked += 1
        if not re.search(r'\[label="%d\\n%s", ' % (node, want), text):
            agree = False
            print("# %s node %s: want class %s in\n# %s" % (gid, node, want, text.replace("\n", "\n# ")))
t.ok(agree and checked > 50, "random partizan DAGs: classes agree with cg_outcome(cg_value) (%d nodes)" % checked)

# Escapes: every kind of id, and 1 / '1' / 1.5 / x'01' as distinct nodes in SQLite's order.
ids = ['q"uote', 'back\\slash', 'new\nline', 'tab\tcr\r', 'a&amp;b', 'é中😀', '<b>x</b>', '\\N\\G', '']
conn.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('esc', 1, '1'), ('esc', 1.5, x'01ff')")
conn.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('esc', 1, CAST(x'41ff42' AS TEXT))")
for i in ids:
    conn.execute("INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('esc', '1', ?)", (i,))
esc = q("SELECT cgt_dot('esc')")
labels = re.findall(r'^  n\d+ \[label="((?:[^"\\]|\\.)*)\\ng=', esc, re.M)
t.is_(labels, ['1', '1.5', '', '1', '<b>x</b>', 'A\\\\xFFB', '\\\\N\\\\G', 'a&amp;amp;b', 'back\\\\slash', 'new\\nline',
               'q\\"uote', 'tab\\\\x09cr\\\\x0D', 'é中😀', "X'01FF'"],
      "ids escaped for DOT, in SQLite's order (numbers, text, blobs)")
t.ok("\n  n" in esc and esc.count("\n") == esc.count(";\n") + 3, "one line a statement: no raw newline inside a label")

# Limits, NULLs and errors.
conn.execute("""INSERT INTO cgt_edge(graph_id, src, dst) WITH RECURSIVE n(i) AS
                (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999) SELECT 'chain', i, i + 1 FROM n""")
t.raises(lambda: q("SELECT cgt_dot('chain')"), "cgt: cgt_dot: more than 1000 nodes to draw (max_nodes)",
         "1001 nodes: past the default max_nodes")
t.ok(q("SELECT cgt_dot('chain', 1)").count("[label=") == 1000, "1000 nodes reachable from 1: drawn")
t.raises(lambda: q("SELECT cgt_dot('chain', 0, 1000)"), "more than 1000 nodes to draw", "max_nodes reached from root")
t.ok(q("SELECT cgt_dot('chain', 0, 1001)").count(" -> ") == 1000, "max_nodes 1001 draws them")
t.raises(lambda: q("SELECT cgt_dot(1, 2, 2)"), "cgt: cgt_dot: more than 2 nodes to draw (max_nodes)",
         "3 nodes reachable, max_nodes 2")
t.raises(lambda: q("SELECT cgt_dot(1, 2, 100001)"), "cgt: cgt_dot: max_nodes must be at most 100000", "max_nodes cap")
t.raises(lambda: q("SELECT cgt_dot(1, 2, -1)"), "cgt: cgt_dot:", "negative max_nodes")
t.raises(lambda: q("SELECT cgt_dot(1, 2, 'many')"), "cgt: cgt_dot:", "max_nodes not a number")
t.raises(lambda: q("SELECT cgt_dot(1, 99)"), "cgt: cgt_dot: unknown node 99 in graph 1", "unknown root")
t.is_(conn.execute("SELECT cgt_dot(NULL), cgt_dot(1, NULL), cgt_dot(1, 2, NULL)").fetchone(), (None,) * 3, "NULLs")
t.is_(q("SELECT cgt_dot('none')"), HEAD + "}\n", "a graph without rows: an empty picture")

# Differential: a random loopy graph; every label, colour and bold move agrees with cgt_solve and cgt_options.
rng = random.Random(11)
conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('r', ?, ?)",
                 [(rng.randrange(40), rng.randrange(40)) for _ in range(70)])
rdot = q("SELECT cgt_dot('r')")
names = {}
agree = True
colour = {"N": "#a6dba0", "P": "#fdb863", "D": "#d9d9d9"}
for node, grundy, outcome, remote in conn.execute("SELECT node, grundy, outcome, remoteness FROM cgt_solve('r')"):
    label = "%s\\ng=%s%s" % (node, grundy, "" if remote is None else ", r=%d" % remote)
    m = re.search(r'^  (n\d+) \[label="%s", fillcolor="%s"\];$' % (re.escape(label), colour[outcome]), rdot, re.M)
    agree = agree and m is not None
    if m:
        names[node] = m.group(1)
t.ok(agree and len(names) == q("SELECT count(*) FROM cgt_solve('r')"), "random graph: labels and colours agree")
want_moves = set()
for node in names:
    for dst, winning in conn.execute("SELECT dst, winning FROM cgt_options('r', ?)", (node,)):
        want_moves.add("  %s -> %s%s;" % (names[node], names[dst], " [style=bold]" if winning else ""))
got_moves = set(line for line in rdot.splitlines() if " -> " in line)
t.is_(got_moves, want_moves, "random graph: moves, the winning ones bold")

# Graphviz accepts every output and draws each id as written.
dot = shutil.which("dot")
# Graphviz runs without the sanitizers' runtimes that this script may have been given.
plain_env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
t.ok(dot is not None, "Graphviz's dot is installed (Debian: apt-get install graphviz)")
if dot:
    for name, text in [("graph 1", q("SELECT cgt_dot(1)")), ("partizan", q("SELECT cgt_dot('dom')")), ("partizan draws", q("SELECT cgt_dot('dr')")),
                       ("escapes", esc), ("random", rdot), ("empty", q("SELECT cgt_dot('none')"))]:
        r = subprocess.run([dot, "-Tsvg"], input=text.encode(), capture_output=True, timeout=60, env=plain_env)
        t.ok(r.returncode == 0 and b"<svg" in r.stdout and not r.stderr, "dot -Tsvg accepts " + name,
             r.stderr.decode(errors="replace"))
        if name == "escapes":
            svg = r.stdout.decode()
            drawn = [html.unescape(x) for x in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
            for i in ['q"uote', 'back\\slash', 'a&amp;b', 'é中😀', '<b>x</b>', '\\N\\G', "X'01FF'", "new", "line"]:
                t.ok(i in drawn, "dot draws the id %r as written" % i, "drawn: %r" % drawn)
    # examples/dot.sql renders three pictures through dot -Tsvg (the shell's .once '|dot ...').
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        shell = os.environ.get("SQLITE3", "sqlite3")
        env = dict(os.environ)
        if os.environ.get("CGT_PRELOAD"):
            env["LD_PRELOAD"] = os.environ["CGT_PRELOAD"]
        ext = os.path.abspath(os.environ.get("CGT_EXT", "./dist/cgt"))
        r = subprocess.run([shell, "-batch", "-bail", "-cmd", ".load " + ext, ":memory:"],
                           stdin=open("examples/dot.sql"), capture_output=True, cwd=tmp, env=env, timeout=120)
        for svg in ("subtraction.svg", "loopy.svg", "domineering.svg"):
            path = os.path.join(tmp, svg)
            body = open(path).read() if os.path.exists(path) else ""
            t.ok(r.returncode == 0 and "<svg" in body and "</svg>" in body, "examples/dot.sql draws " + svg,
                 r.stderr.decode(errors="replace"))
t.done()
