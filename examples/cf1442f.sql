-- Codeforces 1442F ("Differentiating Games"), the sample after its edits.
-- Run: sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/cf1442f.sql
--
-- Moves 2->3, 3->1, 2->2 (a self-loop).  One token loses on 1, draws on 2
-- and wins on 3.  Several tokens are a sum: each turn moves one token.
.read sql/cgt_schema.sql
INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 2, 3), (1, 3, 1), (1, 2, 2);

.print 'One token: node|outcome|grundy'
SELECT node, outcome, grundy FROM cgt_solve(1) ORDER BY node;

.print 'Sums: tokens|outcome|value'
WITH sums(tokens) AS (VALUES ('[2,1]'), ('[2,2]'), ('[2,3]'),
                             ('[1,3,1,3,1,2]'), ('[1,3,1,3,1,3]'), ('[1,3,1,3,1,1]'))
SELECT tokens,
       (SELECT game_sum(1, value) FROM json_each(tokens)),
       (SELECT game_sum_value(1, value) FROM json_each(tokens))
FROM sums;

.print 'Winning moves of [2,3]: token|src|dst|result'
SELECT * FROM winning_moves(1, '[2,3]');
