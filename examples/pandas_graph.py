#!/usr/bin/env python3
"""A stored game graph analysed with pandas: who wins from where.

    pip install .            # or: pip install sqlite-cgt, once published
    python3 examples/pandas_graph.py

The game: a token on a number n of graph 1 moves to n - 1, n - 2 or n - 5
(a subtraction game), or from a multiple of 7 back up to n + 3, so play can
go on for ever and some positions are draws.  cgt_solve values every
position; pandas reads the rows and sums them up.
"""
import sqlite3

import pandas as pd
import sqlite_cgt

conn = sqlite3.connect(":memory:")
sqlite_cgt.load(conn)
conn.execute("CREATE TABLE cgt_edge(graph_id INTEGER, src, dst, side)")
moves = [(n, n - k) for n in range(1, 60) for k in (1, 2, 5) if n - k >= 0]
moves += [(n, n + 3) for n in range(7, 57, 7)]
conn.executemany("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, ?, ?)", moves)

df = pd.read_sql_query("SELECT node, outcome, remoteness FROM cgt_solve(1) ORDER BY node", conn)
print(df.groupby("outcome").size().to_string())
print("losing positions for the player to move:", " ".join(map(str, df[df.outcome == "P"].node)))
print("the longest win:", int(df[df.outcome == "N"].remoteness.max()), "moves")
