#!/bin/sh
# One rule for every function on stored graphs (docs/graphs.md: "NULLs, unknown
# nodes and sides"): a NULL argument gives NULL (a table-valued function:
# no rows; an aggregate: a row with one makes the result NULL); a node the
# graph does not name is an error; a side other than NULL, 'L' or 'R' is an
# error naming the function, the graph and the side.
. tests/lib.sh

# Set-up statements open the next check (a shell of their own costs 0.2 s
# under the sanitizers).
SETUP_GRAPHS="INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 2, 3), (1, 3, 1), (1, 2, 2), ('t', 'a', 'b');
INSERT INTO cgt_node VALUES (1, 9);"

# ---- NULL arguments
is "scalars: a NULL argument gives NULL" "NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL" \
  ".read sql/cgt_schema.sql" "$SETUP_GRAPHS" \
  "SELECT outcome(NULL, 1), grundy(1, NULL), remoteness(NULL, NULL), misere_outcome(1, NULL),
          geography_win(NULL, 1), green_hackenbush(1, NULL), nimk_winning_move_count(1, NULL, '[1]'),
          random_sum_win_probability(NULL)"
is "more scalars: every argument position" "NULL|NULL|NULL|NULL" \
  "SELECT nimk_winning_move_count(NULL, 1, '[1]'), nimk_winning_move_count(1, 1, NULL),
          random_sum_win_probability(1, NULL), random_sum_win_probability(1, 1, NULL)"
is "aggregates: a NULL node row makes the sum NULL" "NULL|NULL" \
  "SELECT game_sum(1, value), game_sum_value(1, value) FROM json_each('[2,3,null]')"
is "aggregates: a NULL graph id makes the sum NULL (not the empty sum 'P')" "NULL|NULL" \
  "SELECT game_sum(g, 3), game_sum_value(g, 3) FROM (SELECT NULL AS g UNION ALL SELECT NULL)"
is "aggregates: no rows at all is the empty sum" "P|0" \
  "SELECT game_sum(1, value), game_sum_value(1, value) FROM json_each('[]')"
is "table-valued functions: a NULL argument gives no rows" "0|0|0|0|0" \
  "SELECT (SELECT count(*) FROM cgt_solve(NULL)), (SELECT count(*) FROM cgt_options(1, NULL)),
          (SELECT count(*) FROM cgt_options(NULL, 2)), (SELECT count(*) FROM winning_moves(1, NULL)),
          (SELECT count(*) FROM winning_moves(NULL, '[2]'))"

# ---- unknown nodes: the same error everywhere
for f in outcome grundy remoteness misere_outcome geography_win green_hackenbush; do
  is_error "$f: unknown node" "cgt: $f: unknown node 99 in graph 1" "SELECT $f(1, 99)"
done
is_error "a node of another graph is unknown" "cgt: outcome: unknown node 'a' in graph 1" "SELECT outcome(1, 'a')"
is_error "types matter: '2' is not 2" "cgt: grundy: unknown node '2' in graph 1" "SELECT grundy(1, '2')"
is_error "an unknown graph names no node" "cgt: outcome: unknown node 1 in graph 77" "SELECT outcome(77, 1)"
is_error "a text graph id is quoted" "cgt: remoteness: unknown node 'zz' in graph 't'" "SELECT remoteness('t', 'zz')"
is "a node known only from cgt_node is a terminal position" "P|0|N" \
  "SELECT outcome(1, 9), grundy(1, 9), misere_outcome(1, 9)"
is "an integral REAL is the integer node" "N" "SELECT outcome(1, 3.0)"
is_error "a non-integral REAL names no node" "cgt: outcome: unknown node 2.5 in graph 1" "SELECT outcome(1, 2.5)"
for f in game_sum game_sum_value; do
  is_error "$f: an unknown node" "cgt: $f: unknown node 99 in graph 1" "SELECT $f(1, value) FROM json_each('[2,99]')"
  is_error "$f: an unknown node after a NULL row is still an error" "cgt: $f: unknown node 99 in graph 1" \
    "SELECT $f(1, value) FROM json_each('[null,99]')"
done
is_error "cgt_options: unknown node" "cgt: cgt_options: unknown node 42 in graph 1" "SELECT * FROM cgt_options(1, 42)"
is_error "winning_moves: unknown node (not the no rows of a lost sum)" "cgt: winning_moves: unknown node 99 in graph 1" \
  "SELECT * FROM winning_moves(1, '[99]')"
is_error "winning_moves: a non-integral number" "cgt: winning_moves: unknown node 2.5 in graph 1" \
  "SELECT * FROM winning_moves(1, '[3, 2.5]')"
is_error "winning_moves: a text twin" "cgt: winning_moves: unknown node '3' in graph 1" \
  "SELECT * FROM winning_moves(1, '[\"3\"]')"
is "winning_moves: JSON numbers 3.0 and 3e0 are the integer node 3" "0|3|1|win" \
  "SELECT * FROM winning_moves(1, '[3.0, 3e0, 3]') WHERE token = 0"
is_error "nimk_winning_move_count: unknown node" "cgt: nimk_winning_move_count: unknown node 99 in graph 1" \
  "SELECT nimk_winning_move_count(1, 1, '[1, 99]')"
is_error "nimk_winning_move_count: a non-integral number" "cgt: nimk_winning_move_count: unknown node 0.5 in graph 1" \
  "SELECT nimk_winning_move_count(1, 1, '[0.5]')"
is "graph-wide functions: an id with no rows is the empty graph" "0|0.0|0" \
  "SELECT (SELECT count(*) FROM cgt_solve(77)), random_sum_win_probability(77), random_sum_win_probability(77, 1, 7)"

# ---- token lists that are not JSON arrays of node ids
for f in "SELECT * FROM winning_moves(1, %s)" "SELECT nimk_winning_move_count(1, 1, %s)"; do
  name=${f%%(*}; name=${f#SELECT }; name=${name#\* FROM }; name=${name%%(*}
  is_error "$name: malformed JSON" "cgt: $name: tokens is not a JSON array: malformed JSON" "$(printf "$f" "'[1,'")"
  is_error "$name: not an array" "cgt: $name: tokens must be a JSON array of node ids" "$(printf "$f" "'3'")"
  is_error "$name: a JSON null token" "cgt: $name: token 1 is not a node id (JSON null)" "$(printf "$f" "'[3,null]'")"
  is_error "$name: a JSON true token" "cgt: $name: token 0 is not a node id (JSON true)" "$(printf "$f" "'[true]'")"
  is_error "$name: a nested array" "cgt: $name: token 0 is not a node id (JSON array)" "$(printf "$f" "'[[3]]'")"
done

# ---- sides: a user's own table or view has no CHECK constraint
is "sides 'L' and 'R' are valid (and ignored by the impartial functions)" "P|D|N" \
  "CREATE TABLE moves(g, s, d, side);
INSERT INTO moves VALUES (1, 2, 3, NULL), (1, 3, 1, NULL), (1, 2, 2, NULL), (1, 3, 2, 'L'), (1, 1, 2, 'R'),
  (5, 1, 2, NULL), (5, 2, 3, 'X'), (6, 1, 2, 'l'), (7, 1, 2, ''), (8, 1, 2, 'LR'),
  (9, 1, 2, x'4C'), (10, 1, 2, 'L' || char(0));
ALTER TABLE cgt_edge RENAME TO cgt_edge_t;
CREATE VIEW cgt_edge(graph_id, src, dst, side) AS SELECT g, s, d, side FROM moves" \
  "SELECT outcome(1, 1), outcome(1, 2), outcome(1, 3)"
for f in outcome grundy remoteness misere_outcome geography_win green_hackenbush; do
  is_error "$f: side 'X'" "cgt: $f: cgt_edge has side 'X' in graph 5 (NULL, 'L' or 'R')" "SELECT $f(5, 1)"
done
is_error "lower-case 'l'" "cgt: outcome: cgt_edge has side 'l' in graph 6 (NULL, 'L' or 'R')" "SELECT outcome(6, 1)"
is_error "an empty side" "cgt: grundy: cgt_edge has side '' in graph 7 (NULL, 'L' or 'R')" "SELECT grundy(7, 1)"
is_error "side 'LR'" "cgt: outcome: cgt_edge has side 'LR' in graph 8 (NULL, 'L' or 'R')" "SELECT outcome(8, 1)"
is_error "a BLOB is not the text 'L'" "cgt: outcome: cgt_edge has side (a BLOB of 1 bytes) in graph 9 (NULL, 'L' or 'R')" \
  "SELECT outcome(9, 1)"
is_error "'L' and a NUL byte is not 'L'" "cgt: cg_value: cgt_edge has side 'L' in graph 10 (NULL, 'L' or 'R')" \
  "SELECT cg_value(10, 1)"
is_error "game_sum: bad side" "cgt: game_sum: cgt_edge has side 'X' in graph 5" "SELECT game_sum(5, 1)"
is_error "game_sum_value: bad side" "cgt: game_sum_value: cgt_edge has side 'X' in graph 5" "SELECT game_sum_value(5, 1)"
is_error "cgt_solve: bad side" "cgt: cgt_solve: cgt_edge has side 'X' in graph 5" "SELECT * FROM cgt_solve(5)"
is_error "cgt_options: bad side" "cgt: cgt_options: cgt_edge has side 'X' in graph 5" "SELECT * FROM cgt_options(5, 1)"
is_error "winning_moves: bad side" "cgt: winning_moves: cgt_edge has side 'X' in graph 5" "SELECT * FROM winning_moves(5, '[1]')"
is_error "nimk_winning_move_count: bad side" "cgt: nimk_winning_move_count: cgt_edge has side 'X' in graph 5" \
  "SELECT nimk_winning_move_count(5, 1, '[1]')"
is_error "random_sum_win_probability: bad side" "cgt: random_sum_win_probability: cgt_edge has side 'X' in graph 5" \
  "SELECT random_sum_win_probability(5)"
is_error "cg_value: the same message" "cgt: cg_value: cgt_edge has side 'X' in graph 5 (NULL, 'L' or 'R')" \
  "SELECT cg_value(5, 1)"

# ---- functions of any number of arguments
is_error "nimk_win() without arguments" "cgt: nimk_win: needs k" \
  "DROP VIEW cgt_edge" "ALTER TABLE cgt_edge_t RENAME TO cgt_edge" "SELECT nimk_win()"
is "nimk_win(k) alone: no heaps, a loss" "0|NULL" "SELECT nimk_win(1), nimk_win(NULL)"
is "cgt_collect with no collector does nothing, whatever the arity" "NULL|NULL|NULL|NULL" \
  "SELECT cgt_collect(), cgt_collect(1), cgt_collect(1, 2, 'X'), cgt_collect(1, 2, 3, 4, 5)"

done_testing
