-- Moore's Nim_k on a stored game graph.   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/nimk.sql
--
-- The graph: the subtraction game S = {2, 5, 7} on heaps 0..40 (a DAG: a
-- move takes 1, 2 or 5 counters from a heap).  In Nim_k a move may take from
-- up to k heaps at once.
.read sql/cgt_schema.sql
WITH RECURSIVE heap(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM heap WHERE n < 40),
     take(t) AS (VALUES (2), (5), (7))
INSERT INTO cgt_edge(graph_id, src, dst) SELECT 'sub257', n, n - t FROM heap, take WHERE n >= t;
INSERT INTO cgt_node VALUES ('sub257', 0), ('sub257', 1);

.print 'Grundy values of heaps 0..20:'
SELECT group_concat(grundy, ' ') FROM (SELECT grundy FROM cgt_solve('sub257') WHERE node <= 20 ORDER BY node);

CREATE TABLE position(heap);
INSERT INTO position VALUES (7), (12), (19), (33);
.print
.print 'Heaps 7, 12, 19, 33: does the player to move win, for k = 1, 2, 3?  k|win'
SELECT k.value, (SELECT nimk_win(k.value, grundy('sub257', heap)) FROM position) FROM json_each('[1,2,3]') k;

.print
.print 'How many moves win?  k|winning moves'
SELECT value, nimk_winning_move_count('sub257', value, (SELECT json_group_array(heap) FROM position))
FROM json_each('[1,2,3]');
