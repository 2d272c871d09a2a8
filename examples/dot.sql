-- Pictures of game graphs with cgt_dot and Graphviz (Debian: apt-get install graphviz).
--   cd /tmp && sqlite3 :memory: -cmd '.load /path/to/dist/cgt' < /path/to/examples/dot.sql
-- writes subtraction.svg, loopy.svg and domineering.svg into the current directory.
.mode list
CREATE TABLE cgt_edge(graph_id NOT NULL, src NOT NULL, dst NOT NULL, side TEXT);

-- The subtraction game S(1, 2) on heaps up to 9: a move takes 1 or 2 counters.
-- P-positions (orange) are the multiples of 3; the bold moves go to them.
INSERT INTO cgt_edge(graph_id, src, dst)
  WITH RECURSIVE heap(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM heap WHERE n < 9)
  SELECT 'subtraction', n, n - k FROM heap, (SELECT 1 AS k UNION ALL SELECT 2) WHERE n - k >= 0;
.once '|dot -Tsvg -o subtraction.svg'
SELECT cgt_dot('subtraction');

-- Ferguson's loopy graph: the cycle a -> b -> c -> a is drawn grey (draws),
-- labelled with values inf{...}.
INSERT INTO cgt_edge(graph_id, src, dst) VALUES
  ('loopy', 'c', 'd'), ('loopy', 'c', 'a'), ('loopy', 'a', 'b'), ('loopy', 'b', 'c'), ('loopy', 'd', 'e');
.once '|dot -Tsvg -o loopy.svg'
SELECT cgt_dot('loopy');

-- A partizan game graph: Domineering on a 2x3 board, Left's and Right's
-- moves labelled L and R, each position filled by its outcome class (L blue,
-- R red, N green, P orange); only the positions reachable from the start.
INSERT INTO cgt_edge SELECT 'domineering', src, dst, side FROM game_graph('domineering', '...|...');
.once '|dot -Tsvg -o domineering.svg'
SELECT cgt_dot('domineering', '...|...');

.print 'Wrote subtraction.svg, loopy.svg and domineering.svg; the moves drawn:'
SELECT graph_id, count(*) FROM cgt_edge GROUP BY graph_id ORDER BY graph_id;
