#!/usr/bin/python3
"""Distribution of Grundy values on a generated game graph, from Python.

Run from the repository root after `make`:
    /usr/bin/python3 examples/grundy_stats.py [nodes] [extension]

It builds a random graph where each node has up to four moves, mostly to
smaller nodes (so most of the graph is acyclic) and sometimes back up (so
there are cycles and draws), then lets cgt_solve value every node and prints
how the values and outcomes are distributed.
"""
import collections
import random
import sqlite3
import sys
import time

nodes = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
ext = sys.argv[2] if len(sys.argv) > 2 else "./dist/cgt"

conn = sqlite3.connect(":memory:")
conn.enable_load_extension(True)
conn.load_extension(ext)
conn.enable_load_extension(False)
conn.executescript(open("sql/cgt_schema.sql").read())

rng = random.Random(1)
edges = []
for u in range(nodes):
    for _ in range(rng.randrange(5)):
        v = rng.randrange(u) if u and rng.random() < 0.97 else rng.randrange(nodes)
        edges.append((u, v))
conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('random', ?, ?)", edges)
conn.executemany("INSERT INTO cgt_node VALUES ('random', ?)", ((u,) for u in range(nodes)))

start = time.perf_counter()
rows = conn.execute("SELECT grundy, outcome FROM cgt_solve('random')").fetchall()
took = time.perf_counter() - start

values = collections.Counter(g if isinstance(g, int) else "inf" for g, _ in rows)
outcomes = collections.Counter(o for _, o in rows)
print("%d nodes, %d moves, solved in %.3f s" % (nodes, len(edges), took))
print("outcomes: " + ", ".join("%s %d" % (o, outcomes[o]) for o in "NPD"))
print("Grundy value  nodes")
width = 50.0 / max(values.values())
for value in sorted(values, key=lambda v: (isinstance(v, str), v)):
    print("%11s  %6d %s" % (value, values[value], "#" * max(1, int(values[value] * width))))
