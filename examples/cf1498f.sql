-- Codeforces 1498F ("Christmas Game"), its sample.
-- Run: sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/cf1498f.sql
--
-- A tree of n nodes holds a[i] presents at node i.  For a chosen root, a
-- move takes any positive number of presents from a node at depth >= k and
-- puts them on its k-th ancestor; who cannot move loses.  For every root:
-- does the player to move (Alice) win?
--
-- Staircase Nim: a node's step is floor(depth / k), and a move carries
-- presents from one node to a node one step lower.  Alice wins exactly when
-- X, the nim-sum of a[i] over the nodes on odd steps, is not 0: when no move
-- is left, every present is on step 0 and X = 0; a move changes the presents
-- of exactly one node on an odd step (its source or its target), so from
-- X = 0 it makes X != 0; from X != 0, a Nim move on the odd steps (carrying
-- presents from an odd step down to an even one) makes X = 0.
--
-- The tree is stored as an undirected graph (one cgt_edge row per edge, as
-- green_hackenbush reads them); the presents and k are tables.  A recursive
-- walk from every root gives each node's depth; nim_sum adds up the odd steps.
.read sql/cgt_schema.sql
INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('cf1498f', 1, 2), ('cf1498f', 1, 3), ('cf1498f', 5, 2), ('cf1498f', 4, 3);
CREATE TABLE present(node INTEGER PRIMARY KEY, a INTEGER);
INSERT INTO present VALUES (1, 0), (2, 3), (3, 2), (4, 4), (5, 4);
CREATE TABLE setting(k INTEGER);
INSERT INTO setting VALUES (1);

.print 'For every root: root|Alice wins'
WITH RECURSIVE
  tree(u, v) AS (SELECT src, dst FROM cgt_edge WHERE graph_id = 'cf1498f'
                 UNION ALL SELECT dst, src FROM cgt_edge WHERE graph_id = 'cf1498f'),
  walk(root, node, parent, depth) AS (
    SELECT node, node, NULL, 0 FROM present
    UNION ALL
    SELECT w.root, t.v, w.node, w.depth + 1 FROM walk w JOIN tree t ON t.u = w.node WHERE t.v IS NOT w.parent)
SELECT root, nim_sum(CASE WHEN (depth / (SELECT k FROM setting)) % 2 = 1 THEN a ELSE 0 END) != 0
FROM walk JOIN present USING (node) GROUP BY root ORDER BY root;
