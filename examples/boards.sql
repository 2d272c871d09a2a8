-- Boards kept in a table, valued, summed, and a thermograph drawn.
--   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/boards.sql
-- (writes thermograph.svg into the current directory)
CREATE TABLE boards(name TEXT PRIMARY KEY, ruleset TEXT, board TEXT);
INSERT INTO boards VALUES
  ('corridor', 'domineering', '...|...'),
  ('tower',    'domineering', '.|.|.|.'),
  ('elbow',    'domineering', '..|.#'),
  ('duel',     'clobber',     'xoxo'),
  ('skirmish', 'clobber',     'xxo'),
  ('pond',     'toadsfrogs',  'TT.F');

.print 'Each board: value, outcome (L: Left wins, R: Right wins, P: second player, N: first player), temperature'
SELECT name, cg_board(ruleset, board) AS value, cg_outcome(cg_board(ruleset, board)) AS outcome,
       cg_temperature(cg_board(ruleset, board)) AS temperature
FROM boards ORDER BY name;

.print
.print 'All boards played side by side: their sum, and who wins it'
SELECT cg_sum(cg_board(ruleset, board)) AS value, cg_outcome(cg_sum(cg_board(ruleset, board))) AS outcome
FROM boards;

.print
.print 'The hottest board (no other is hotter), and its thermograph, drawn into thermograph.svg'
CREATE VIEW heat AS SELECT name, cg_board(ruleset, board) AS value, cg_temperature(cg_board(ruleset, board)) AS t
FROM boards;
SELECT name, t AS temperature, cg_thermograph(value) AS thermograph FROM heat AS a
WHERE NOT EXISTS (SELECT 1 FROM heat AS b WHERE b.t > a.t);
SELECT writefile('thermograph.svg', cg_thermograph_svg(value)) > 0 AS written FROM heat AS a
WHERE NOT EXISTS (SELECT 1 FROM heat AS b WHERE b.t > a.t);
