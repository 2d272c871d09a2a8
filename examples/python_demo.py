#!/usr/bin/python3
"""cgt from Python: store a game graph, ask who wins, and find the winning move.

Run from the repository root after `make`:  /usr/bin/python3 examples/python_demo.py
(Python's sqlite3 module must allow extensions: Debian's python3 does.)
"""
import sqlite3
import sys

ext = sys.argv[1] if len(sys.argv) > 1 else "./dist/cgt"
conn = sqlite3.connect(":memory:")
conn.enable_load_extension(True)
conn.load_extension(ext)
conn.enable_load_extension(False)
conn.executescript(open("sql/cgt_schema.sql").read())

# Subtraction game S = {1, 3, 4} on heaps 0..30: a heap is a node, a move
# removes 1, 3 or 4 tokens.  Heaps are plain integers.
conn.executemany(
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('sub134', ?, ?)",
    [(n, n - k) for n in range(31) for k in (1, 3, 4) if n >= k],
)
conn.execute("INSERT INTO cgt_node VALUES ('sub134', 0)")

rows = conn.execute("SELECT node, grundy FROM cgt_solve('sub134') ORDER BY node").fetchall()
print("Grundy values of heaps 0..30:", " ".join(str(g) for _, g in rows))
losing = [n for n, o in conn.execute("SELECT node, outcome FROM cgt_solve('sub134') ORDER BY node") if o == "P"]
print("Heaps the player to move loses:", losing)

# A sum of three heaps: its value is the nim-sum of the heaps' values.
heaps = [9, 14, 20]
total = conn.execute("SELECT nim_sum(grundy('sub134', value)) FROM json_each(?)", (str(heaps),)).fetchone()[0]
print("Heaps %s: nim-sum of values %d, so the player to move %s" % (heaps, total, "wins" if total else "loses"))
for token, src, dst, result in conn.execute("SELECT * FROM winning_moves('sub134', ?)", (str(heaps),)):
    print("  winning move: heap #%d from %d to %d (%s)" % (token, src, dst, result))
