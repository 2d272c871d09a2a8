-- Moore's Nim_k on a stored game graph.   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/nimk.sql
--
-- The graph: nim heaps of 0..31 counters, a move takes any number of
-- counters from one heap (heap n -> every smaller heap).  In Nim_k a move
-- may take from up to k heaps at once, and Moore's theorem decides it: the
-- position is lost for the player to move exactly when, in every binary
-- digit, the number of heap sizes with that digit set is divisible by k+1.
-- (For k >= 2 this needs games whose moves all lower the Grundy value, as
-- a heap's do; on other acyclic graphs nimk_graph_win and
-- nimk_winning_move_count answer by an exact search, within a budget.)
.read sql/cgt_schema.sql
WITH RECURSIVE heap(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM heap WHERE n < 31)
INSERT INTO cgt_edge(graph_id, src, dst) SELECT 'nim', a.n, b.n FROM heap a, heap b WHERE b.n < a.n;
INSERT INTO cgt_node VALUES ('nim', 0);

CREATE TABLE position(heap);
INSERT INTO position VALUES (7), (12), (19), (25), (30);

.print 'Heaps 7, 12, 19, 25, 30: does the player to move win Nim_k?  k|win'
SELECT k.value, (SELECT nimk_win(k.value, grundy('nim', heap)) FROM position) FROM json_each('[1,2,3,4]') k;

.print
.print 'How many moves win?  k|winning moves'
SELECT value, nimk_winning_move_count('nim', value, (SELECT json_group_array(heap) FROM position))
FROM json_each('[1,2,3,4]');
