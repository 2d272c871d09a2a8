#!/bin/sh
# Graph functions on known games, through the sqlite3 shell.
. tests/lib.sh

sql "$DB" ".read sql/cgt_schema.sql" "
-- Codeforces 1442F sample (after its edits): 2->3, 3->1, 2->2.
INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1,2,3),(1,3,1),(1,2,2),(1,2,3);
-- Ferguson's loopy example, with text ids and a text graph id.
INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('f','c','d'),('f','c','a'),('f','a','b'),('f','b','c'),('f','d','e');
-- A node known only from cgt_node, rows of other sides, a node 1 and a node '1'.
INSERT INTO cgt_node VALUES (1, 4), (1, '1');
INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES (1, 5, 1, 'L'), (1, 3, 2, 'R');
" >/dev/null

is "cf1442f: outcome, grundy, remoteness, misere" "1|P|0|0|N
2|D|inf{1}|NULL|N
3|N|1|1|P
4|P|0|0|N" \
  "SELECT n, outcome(1,n), grundy(1,n), remoteness(1,n), misere_outcome(1,n) FROM (SELECT 1 n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4)"

is "ferguson: e=0, d=1, a b c draw" "a|inf{}|D
b|inf{}|D
c|inf{1}|D
d|1|N
e|0|P" "SELECT node, grundy, outcome FROM cgt_solve('f') ORDER BY node"

is "node ids keep their SQL type (1 and '1' differ)" "integer|1|P
integer|2|D
integer|3|N
integer|4|P
text|1|P" "SELECT typeof(node), node, outcome FROM cgt_solve(1) ORDER BY typeof(node), node"

is "a REAL id with an integral value is the integer node" "N" "SELECT outcome(1, 3.0)"
is_error "partizan rows are ignored: node 5 is unknown, and the message says why" \
  "cgt: outcome: unknown node 5 in graph 1 (2 of its rows have side 'L' or 'R': partizan moves, which this function does not read)" \
  "SELECT outcome(1, 5)"
is "NULL arguments give NULL" "NULL|NULL|NULL|NULL" \
  "SELECT remoteness(1, NULL), misere_outcome(NULL, 1), grundy(NULL, NULL), outcome(NULL, 99)"
is "cgt_solve of an unknown graph has no rows" "0" "SELECT count(*) FROM cgt_solve(77)"
is "cgt_solve with NULL has no rows" "0" "SELECT count(*) FROM cgt_solve(NULL)"
is "cgt_solve columns (duplicate move counted once)" "2|inf{1}|D|NULL|N|2" "SELECT * FROM cgt_solve(1) WHERE node = 2"
is "cgt_options of 2" "2|inf{1}|D|0
3|1|N|0" "SELECT * FROM cgt_options(1, 2) ORDER BY dst"
is "cgt_options of 3: moving to 1 wins" "1|0|P|1" "SELECT * FROM cgt_options(1, 3)"
is "cgt_options with a NULL argument has no rows" "0|0" \
  "SELECT (SELECT count(*) FROM cgt_options(1, NULL)), (SELECT count(*) FROM cgt_options(NULL, 1))"
is "table-valued functions take named arguments too" "3" \
  "SELECT count(*) FROM cgt_solve WHERE graph_id = 1 AND node IN (1, 2, 3)"
is "cgt_options joined per row" "2|2
2|3
3|1" "SELECT s.node, o.dst FROM cgt_solve(1) s, cgt_options(1, s.node) o ORDER BY 1, 2"

# Sums of tokens.
is "sums: {2,1} and {2,2} draw, {2,3} wins" "D|D|N" \
  "SELECT (SELECT game_sum(1, value) FROM json_each('[2,1]')), (SELECT game_sum(1, value) FROM json_each('[2,2]')), (SELECT game_sum(1, value) FROM json_each('[2,3]'))"
is "sums: {1,3,1,3,1,v} draws, wins, loses for v = 2, 3, 1" "2|D|inf{1}
3|N|1
1|P|0" "SELECT 2, game_sum(1, value), game_sum_value(1, value) FROM json_each('[1,3,1,3,1,2]')
UNION ALL SELECT 3, game_sum(1, value), game_sum_value(1, value) FROM json_each('[1,3,1,3,1,3]')
UNION ALL SELECT 1, game_sum(1, value), game_sum_value(1, value) FROM json_each('[1,3,1,3,1,1]')"
is "sum value of one infinite token and a finite part: K xor x" "inf{0}" "SELECT game_sum_value(1, value) FROM json_each('[2,3]')"
is "two infinite tokens: inf{}" "inf{}|D" "SELECT game_sum_value(1, value), game_sum(1, value) FROM json_each('[2,2]')"
is "empty sum is P with value 0" "P|0" "SELECT game_sum(1, value), game_sum_value(1, value) FROM json_each('[]')"
is "a NULL token makes the sum NULL" "NULL|NULL" "SELECT game_sum(1, value), game_sum_value(1, value) FROM json_each('[3,null]')"
is "a NULL graph id makes the sum NULL" "NULL|NULL" "SELECT game_sum(NULL, value), game_sum_value(NULL, value) FROM json_each('[2,3]')"
is "a sum across graphs: 1 + inf{1} = inf{0}" "N|inf{0}" \
  "SELECT game_sum(g, n), game_sum_value(g, n) FROM (SELECT 1 g, 3 n UNION ALL SELECT 'f', 'c')"
is "grouped sums" "1|P
2|N" "SELECT grp, game_sum(1, n) FROM (SELECT 1 grp, 3 n UNION ALL SELECT 1, 3 UNION ALL SELECT 2, 3) GROUP BY grp"

is "winning_moves of {2,3}: move 2 to 3" "0|2|3|win" "SELECT * FROM winning_moves(1, '[2,3]')"
is "winning_moves of {2,1}: no win, keep the draw" "0|2|2|draw" "SELECT * FROM winning_moves(1, '[2,1]')"
is "winning_moves of {1,3,1,3,1,3}: any 3 to 1" "1|3|1|win
3|3|1|win
5|3|1|win" "SELECT * FROM winning_moves(1, '[1,3,1,3,1,3]')"
is "winning_moves of a lost sum has no rows" "0" "SELECT count(*) FROM winning_moves(1, '[1,3,3]')"
is "winning_moves with text ids: c to a keeps the draw" "0|c|a|draw" "SELECT * FROM winning_moves('f', '[\"c\",\"e\"]') ORDER BY dst"
is "winning_moves of [] and with a NULL argument" "0|0|0" \
  "SELECT (SELECT count(*) FROM winning_moves(1, '[]')), (SELECT count(*) FROM winning_moves(1, NULL)), (SELECT count(*) FROM winning_moves(NULL, '[1]'))"

# A user whose moves live in another table defines cgt_edge as a view.
VIEWDB=$TEST_DIR/view.db
sql "$VIEWDB" "CREATE TABLE moves(game TEXT, from_pos INTEGER, to_pos INTEGER);
INSERT INTO moves VALUES ('g', 2, 3), ('g', 3, 1), ('g', 2, 2);
CREATE VIEW cgt_edge(graph_id, src, dst, side) AS SELECT game, from_pos, to_pos, NULL FROM moves;" >/dev/null
got=$(sql "$VIEWDB" "SELECT group_concat(node || outcome, ' ') FROM (SELECT * FROM cgt_solve('g') ORDER BY node)")
[ "$got" = "1P 2D 3N" ]; tap_result $((1 - $?)) "cgt_edge as a view over the user's table" "got: $got"

# A path of 10^6 nodes: deep graphs need no recursion (10^5 under the
# sanitizers, where 10^6 took seconds).
n=1000000
[ -n "${CGT_SANITIZED:-}" ] && n=100000
is "path of $n moves" "P|$n|0|P" \
  "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $n)
INSERT INTO cgt_edge(graph_id, src, dst) SELECT 'path', i + 1, i FROM c" \
  "SELECT outcome('path', $n + 1), remoteness('path', $n + 1), grundy('path', $n + 1), outcome('path', 1)"

# Pure number functions.
is "nim_sum and mex, scalar" "0|2|0|0" "SELECT nim_sum(3,5,6), mex(0,1,3), mex(), nim_sum()"
# A NULL argument of the scalar forms gives NULL (as SQLite's max(1, NULL)),
# whatever the other arguments, errors included; the aggregates skip NULL
# rows, as SQL's aggregates do.
is "a NULL argument gives NULL" "NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL" \
  "SELECT nim_sum(1,NULL,2), nim_sum(NULL,-1), nim_sum(-1,NULL), mex(NULL, 0, 1, 2, 3, 4), mex(0, 1, NULL), nimk_win(1, 3, NULL, 3), misere_nim_win(1, 1, NULL), misere_heap_win('kayles', NULL, 3)"
is_error "without a NULL, a bad argument is an error" "cgt: nim_sum: argument 1 is not a non-negative integer: -1" "SELECT nim_sum(-1, 2)"
is "the aggregates skip NULL rows" "3|0|1|1|1" \
  "SELECT nim_sum(value), mex(value), nimk_win(2, value), misere_nim_win(value), misere_heap_win('kayles', value) FROM json_each('[1,null,2]')"
is "nim_sum and mex, aggregate" "7|3" "SELECT nim_sum(value), mex(value) FROM json_each('[0,1,2,4]')"
is "empty aggregates" "0|0" "SELECT nim_sum(value), mex(value) FROM json_each('[]')"
is "nim_sum as a window function" "1|1
2|3
3|1
4|7" "SELECT value, nim_sum(value) OVER (ORDER BY value ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM json_each('[1,2,3,4]')"
is "numbers written as text or integral reals are accepted" "6|2" "SELECT nim_sum('3', 5.0), mex('0', 1.0)"
is "large values" "9223372036854775807|0" "SELECT nim_sum(9223372036854775807), mex(9223372036854775807)"
is "cgt_version" "0.1.0" "SELECT cgt_version()"

done_testing
