-- Toe-Tac-Tics boards in a table, and who wins their sum.
--   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/toetactics.sql
--
-- Left places x, Right places o; a move may not make three of a kind in a
-- row, column or diagonal; who cannot move loses.  Several boards side by
-- side are a sum: each turn, a player moves on one board.
CREATE TABLE board(name, cells);
INSERT INTO board VALUES ('empty',   '.../.../...'),
                         ('corner',  'x../.../...'),
                         ('centre',  '.../.o./...'),
                         ('late',    '.x./xox/oxx'),
                         ('crowded', 'xo./ox./..o');

.print 'Each board: value, outcome (L: Left wins, R: Right wins, P: second player, N: first player)'
SELECT name, surreal_value('toetactics', cells) AS value, cg_outcome(surreal_value('toetactics', cells)) AS outcome
FROM board;

.print
.print 'All boards together:'
SELECT cg_sum(surreal_value('toetactics', cells)) AS value,
       cg_outcome(cg_sum(surreal_value('toetactics', cells))) AS outcome
FROM board;
