-- cgt demo: who wins on a game graph with cycles?   (make demo)
--
-- A token sits on a position; the player to move slides it along an arrow;
-- a player who cannot move loses.  Arrows that form cycles let play go on
-- forever: a player who cannot win may still force a draw.
.read sql/cgt_schema.sql
INSERT INTO cgt_edge(graph_id, src, dst) VALUES
  ('demo', 'home',  'away'), ('demo', 'away',  'home'),
  ('demo', 'home',  'ridge'), ('demo', 'ridge', 'pass'),
  ('demo', 'pass',  'valley'), ('demo', 'ridge', 'valley'),
  ('demo', 'away',  'cliff'), ('demo', 'cliff', 'pass'),
  ('demo', 'spring', 'spring'), ('demo', 'spring', 'valley'),
  ('demo', 'whirl', 'eddy'), ('demo', 'eddy', 'whirl'),      -- a whirlpool whose
  ('demo', 'whirl', 'ridge'), ('demo', 'eddy', 'pass');      -- exits both lose
INSERT INTO cgt_node VALUES ('demo', 'valley');   -- the dead end

.print
.print '== Every position, solved: Grundy value (inf{K} on cycles), win/lose/draw'
SELECT node, grundy, outcome, remoteness, misere_outcome, options
FROM cgt_solve('demo') ORDER BY outcome, node;

.print
.print '== One token on ridge and one on whirl: who wins the sum?'
CREATE TABLE tokens(node);
INSERT INTO tokens VALUES ('ridge'), ('whirl');
SELECT game_sum('demo', node) AS outcome, game_sum_value('demo', node) AS value FROM tokens;

.print
.print '== The moves that win it, if any (token = index in the list)'
SELECT * FROM winning_moves('demo', '["ridge", "whirl"]');
.print '   ... with away instead of ridge nobody can win: the moves that keep the draw'
SELECT * FROM winning_moves('demo', '["away", "whirl"]');

.print
.print '== Options of home, and plain nim arithmetic'
SELECT * FROM cgt_options('demo', 'home');
SELECT nim_sum(3, 5, 6) AS "nim_sum(3,5,6)", mex(0, 1, 3) AS "mex(0,1,3)";
