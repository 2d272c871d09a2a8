-- Random positions (Codeforces 1411G samples).
--   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/random_positions.sql
--
-- Tokens are dropped one at a time on a random node of the graph, and the
-- process stops with weight 1 against weight 1 per node.  What is the chance
-- that the player to move wins the final sum?  Exact answers are p/q written
-- as p * q^-1 modulo 998244353.
.read sql/cgt_schema.sql
INSERT INTO cgt_node VALUES (1, 1);                                   -- n = 1, no moves
INSERT INTO cgt_node VALUES (2, 1), (2, 2);                           -- n = 2, 1 -> 2
INSERT INTO cgt_edge(graph_id, src, dst) VALUES (2, 1, 2);
INSERT INTO cgt_node VALUES (3, 1), (3, 2), (3, 3), (3, 4), (3, 5);   -- n = 5
INSERT INTO cgt_edge(graph_id, src, dst) VALUES (3, 1, 4), (3, 5, 2), (3, 4, 3), (3, 1, 5), (3, 5, 4);

.print 'sample|exact mod 998244353|expected|as a REAL'
WITH sample(g, expected) AS (VALUES (1, 0), (2, 332748118), (3, 931694730))
SELECT g, random_sum_win_probability(g, 1, 998244353), expected, round(random_sum_win_probability(g), 12)
FROM sample;
