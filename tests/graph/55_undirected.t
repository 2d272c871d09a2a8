#!/bin/sh
# Green Hackenbush and geography on the undirected graph of cgt_edge
# (checked against game search in tests/graph/test_undirected.c).
. tests/lib.sh

sql "$DB" ".read sql/cgt_schema.sql" "
-- a stalk g-a-b-c with a loop at c, and a triangle on the ground g
INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('h','g','a'),('h','a','b'),('h','b','c'),('h','c','c'),
  ('h','g','x'),('h','x','y'),('h','y','g');
-- a path 1-2-3 and two parallel edges 4=5, a loop at 6
INSERT INTO cgt_edge(graph_id, src, dst) VALUES (2, 1, 2), (2, 2, 3), (2, 4, 5), (2, 4, 5), (2, 6, 6);
INSERT INTO cgt_node VALUES (2, 7);
-- partizan rows are not part of these pictures
INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES (2, 1, 3, 'L');
" >/dev/null

is "Hackenbush: stalk with a loop (*4) plus a fused triangle (*1)" "5" "SELECT green_hackenbush('h', 'g')"
is "Hackenbush: a stalk of 2 (*2), two edges on the ground (0), parallel edges (0), alone (0), a loop (*1)" "2|0|0|0|1" \
  "SELECT green_hackenbush(2, 1), green_hackenbush(2, 2), green_hackenbush(2, 4), green_hackenbush(2, 7), green_hackenbush(2, 6)"
is "geography on a path and on parallel edges" "0|1|1|0" \
  "SELECT geography_win(2, 1), geography_win(2, 2), geography_win(2, 4), geography_win(2, 7)"
is "NULL gives NULL" "NULL|NULL|NULL|NULL" \
  "SELECT green_hackenbush(NULL, 1), green_hackenbush(2, NULL), geography_win(NULL, 1), geography_win(2, NULL)"
is_error "an unknown node is an error" "cgt: green_hackenbush: unknown node 99 in graph 2" "SELECT green_hackenbush(2, 99)"
is_error "an unknown node is an error (geography)" "cgt: geography_win: unknown node '1' in graph 2" "SELECT geography_win(2, '1')"
is_error "DIRECTONLY" "unsafe use of green_hackenbush()" \
  "CREATE VIEW hv AS SELECT green_hackenbush(2, 1)" "SELECT * FROM hv"

done_testing
