#!/bin/sh
# Board rulesets through SQL: cg_board(ruleset, board) and the same rulesets
# in surreal_value.  The search itself (regions, symmetry, table) is checked
# against a plain search on random boards in tests/boards/test_boards.c.
. tests/lib.sh

# Domineering: 2x2 = +-1 and one vertical domino = 1 (Winning Ways, ch. 2);
# 3x3 = +-1 (Winning Ways, ch. 5); 4x4 from CGSuite (tests/partizan/60_partizan.t);
# 2x3 and 3x2 checked against cg_value over the whole game graph.
is "domineering known values" "+-1|1|-1|{2|-1/2}|{1/2|-2}|+-1" \
  "SELECT cg_board('domineering', '..|..'), cg_board('domineering', '.|.'), cg_board('domineering', '..'),
          cg_board('domineering', '...|...'), cg_board('domineering', '..|..|..'), cg_board('domineering', '...|...|...')"
is "domineering 4x4 (CGSuite)" "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}" \
  "SELECT cg_board('domineering', '....|....|....|....')"
is "rows split by newlines, removed squares" "+-1|0|*" \
  "SELECT cg_board('domineering', '..' || char(10) || '..' || char(10)), cg_board('domineering', '.#.|#.#'),
          cg_board('domineering', '#.#|...|#.#')"
is "two regions add up: 2x2 + 2x2 = 0, 1x2 vertical twice = 2" "0|2" \
  "SELECT cg_board('domineering', '..#..|..#..'), cg_board('domineering', '.#.|.#.')"
is "the transpose negates, the mirror keeps" "1|1" \
  "SELECT cg_board('domineering', '...|..#') = cg_neg(cg_board('domineering', '..|..|.#')),
          cg_board('domineering', '...|..#') = cg_board('domineering', '...|#..')"
# Clobber: xo = * (Albert, Nowakowski and Wolfe, Lessons in Play, ch. 1);
# xoxo checked against cg_value over the game graph.
is "clobber" "*|+-{*,^}|0|0|*" \
  "SELECT cg_board('clobber', 'xo'), cg_board('clobber', 'xoxo'), cg_board('clobber', 'xx|oo'), cg_board('clobber', 'x.o'),
          cg_board('clobber', 'X|O')"
# Toads and Frogs: T.F = *, .TF = 0 (Winning Ways, ch. 1); TT.F, TT..FF
# checked against cg_value over the game graph.
is "toads and frogs" "*|0|{1/2|0}|*|1" \
  "SELECT cg_board('toadsfrogs', 'T.F'), cg_board('toadsfrogs', '.TF'), cg_board('toadsfrogs', 'TT.F'),
          cg_board('toadsfrogs', 'TT..FF'), cg_board('toadsfrogs', 'T.')"
is "surreal_value takes the same rulesets" "+-1|*|*" \
  "SELECT surreal_value('domineering', '..|..'), surreal_value('clobber:xo'), surreal_value('toadsfrogs', 'T.F')"
is "sums of boards from a table" "0" \
  "CREATE TABLE b(r, x); INSERT INTO b VALUES ('domineering', '..|..'), ('domineering', '..|..'), ('clobber', 'xo'), ('toadsfrogs', 'T.F');
   SELECT cg_sum(cg_board(r, x)) FROM b"
is "NULL arguments give NULL" "NULL|NULL" "SELECT cg_board(NULL, '..'), cg_board('domineering', NULL)"
is_error "unknown character" "cgt: cg_board: domineering: unknown character 'z' at row 2, column 3" \
  "SELECT cg_board('domineering', '...|..z')"
is_error "ragged rows" "cgt: cg_board: clobber: row 2 has 1 squares, row 1 has 2" "SELECT cg_board('clobber', 'xo|x')"
is_error "toads and frogs is one row" "cgt: cg_board: toadsfrogs: a board is one row, not 2 rows" \
  "SELECT cg_board('toadsfrogs', 'T.|.F')"
is_error "too large" "cgt: cg_board: domineering: a board has at most 256 squares; row 17, column 1 is one more" \
  "SELECT cg_board('domineering', '................|................|................|................|................|................|................|................|................|................|................|................|................|................|................|................|.')"
is_error "unknown ruleset" "cgt: cg_board: unknown board ruleset 'go' (domineering, clobber, toadsfrogs, impartial domineering (cram), impartial clobber, impartial toadsfrogs, subtraction{L|R}; surreal_value also values toetactics, hackenbush and cutcake)" "SELECT cg_board('go', '..')"
is "ruleset names in any case, as SQL keywords" "1|1|1|1|1|1" \
  "SELECT cg_board('Domineering', '..|..') = cg_board('domineering', '..|..'),
          surreal_value('HACKENBUSH', 'LR') = surreal_value('hackenbush', 'LR'),
          surreal_value('CutCake:3x2') = surreal_value('cutcake:3x2'),
          surreal_value('ToeTacTics', '.........') = '*',
          cg_board('Subtraction{1|2}', '5') = cg_board('subtraction{1|2}', '5'),
          (SELECT count(*) FROM board_census('Clobber', 2)) = (SELECT count(*) FROM board_census('clobber', 2))"
is "game_graph ruleset names in any case" "1" \
  "SELECT (SELECT count(*) FROM game_graph('TOETACTICS', 'xo.......')) = (SELECT count(*) FROM game_graph('toetactics', 'xo.......'))"
is_error "surreal_value names its own errors" "cgt: surreal_value: clobber: unknown character 'T' at row 1, column 1" \
  "SELECT surreal_value('clobber', 'T')"
is "a larger board: 5x5 Domineering is a second-player win" "0" \
  "SELECT cg_board('domineering', '.....|.....|.....|.....|.....')"

done_testing
