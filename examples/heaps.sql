-- Mixing games in one sum.   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/heaps.sql
--
-- On the table: a row of 10 Kayles pins, a Grundy's-game heap of 12, and a
-- Wythoff position with piles 3 and 7.  A move is made in one of them.  The
-- sum is won by the player to move exactly when the nim-sum of the three
-- Grundy values is not 0, and a winning move brings it to 0.
CREATE TABLE part(game, value);
INSERT INTO part VALUES ('kayles 10', heap_grundy('kayles', 10)),
                        ('grundy 12', heap_grundy('grundy', 12)),
                        ('wythoff 3,7', wythoff_grundy(3, 7));

.print 'The parts and their Grundy values:'
SELECT game, value FROM part;
.print
.print 'Nim-sum (0 means the player to move loses):'
SELECT nim_sum(value) FROM part;

-- Every move, with the Grundy value of the part it leaves:
--   Kayles: knock down 1 or 2 adjacent pins, leaving rows a and b;
--   Grundy's game: split the heap into two unequal heaps;
--   Wythoff: take from one pile or the same number from both.
CREATE TABLE move(game, leaves, value);
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < 12)
INSERT INTO move
  SELECT 'kayles 10', 'rows ' || a.i || ' and ' || (10 - t.i - a.i),
         nim_sum(heap_grundy('kayles', a.i), heap_grundy('kayles', 10 - t.i - a.i))
    FROM k t, k a WHERE t.i IN (1, 2) AND 2 * a.i <= 10 - t.i
  UNION ALL
  SELECT 'grundy 12', 'heaps ' || a.i || ' and ' || (12 - a.i),
         nim_sum(heap_grundy('grundy', a.i), heap_grundy('grundy', 12 - a.i))
    FROM k a WHERE a.i >= 1 AND 2 * a.i < 12
  UNION ALL
  SELECT 'wythoff 3,7', 'piles ' || p || ',' || q, wythoff_grundy(p, q)
    FROM (SELECT 3 - i.i AS p, 7 AS q FROM k i WHERE i.i BETWEEN 1 AND 3
          UNION SELECT 3, 7 - i.i FROM k i WHERE i.i BETWEEN 1 AND 7
          UNION SELECT 3 - i.i, 7 - i.i FROM k i WHERE i.i BETWEEN 1 AND 3);

.print
.print 'The winning moves (each leaves a sum of nim-sum 0):'
SELECT m.game, m.leaves
  FROM move m, part p
 WHERE p.game = m.game
   AND nim_sum(m.value, (SELECT nim_sum(value) FROM part WHERE game <> m.game)) = 0;
