#!/bin/sh
# Partizan values through SQL (the engine is checked against game search in
# tests/partizan/test_pgame.c).
. tests/lib.sh

is "canonical prints" "*|^|v|2|1/2|*2|+-1|1*" \
  "SELECT cg('{0|0}'), cg('{0|*}'), cg('{*|0}'), cg('{1|}'), cg('{0|1}'), cg('{0,*|0,*}'), cg('{1|-1}'), cg('{1|1}')"
is "nesting bars round-trip" "{2||1|0}|{2|1||0}|{3|2||1|0}" "SELECT cg('{2||1|0}'), cg('{2|1||0}'), cg('{3|2||1|0}')"
is "4x4 Domineering's value round-trips" "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}" \
  "SELECT cg('+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}')"
is "ups and stars (CGSuite writes two ups ^^)" "^^*|^3|v3|^*|1/2*|v*" "SELECT cg('^+^+*'), cg('^3'), cg('vvv'), cg('^*'), cg('1/2*'), cg_neg('^*')"
is "Winning Ways identities" ">|*||||1" \
  "SELECT cg_cmp(cg_add('^', '^', '*'), '0'), cg_add('*2', '*3'), cg_cmp('{1|-1}', '0'), cg_le('^', '^*+*')"
is "mean and temperature of {2|-1/2}" "0.75|1.25" "SELECT cg_mean('{2|-1/2}'), cg_temperature('{2|-1/2}')"
# Numbers as results (docs/partizan.md): INTEGER when whole, REAL when a
# double holds them exactly, TEXT past that; a REAL reads back exactly.
is "numbers compare as numbers" "integer|real|1|1|0" \
  "SELECT typeof(cg_mean('{3|1}')), typeof(cg_mean('{2|-1/2}')), cg_temperature('{2|-1/2}') > 0, cg_temperature('{3|1}') = 1, cg_temperature('*') > 0"
is "past a double: text" "9007199254740993/2|text|real|integer|-7.88860905221012e-31" \
  "SELECT cg_mean('9007199254740993/2'), typeof(cg_mean('9007199254740993/2')), typeof(cg_mean('9007199254740991/2')), typeof(cg_mean('9007199254740993/2 + 1/2')), cg_rightstop('-1/1267650600228229401496703205376')"
is "a REAL result reads back exactly" "1|1|1" \
  "SELECT cg_sub(cg_mean('{123456789/1024|0}'), '123456789/2048') = '0', cg_add(cg_mean('{2|-1/2}'), '-3/4') = '0', cg_mean(cg_mean('{5/64|1/128}')) = cg_mean('{5/64|1/128}')"
is "temperatures of numbers, as CGSuite" "-1|-0.5|-0.25|0|0" \
  "SELECT cg_temperature('3'), cg_temperature('1/2'), cg_temperature('-3/4'), cg_temperature('*'), cg_temperature('^')"
is "stops" "2|-0.5|1|1" "SELECT cg_leftstop('{2|-1/2}'), cg_rightstop('{2|-1/2}'), cg_leftstop('1*'), cg_rightstop('1*')"
is "outcomes" "L|R|P|N|N" "SELECT cg_outcome('^'), cg_outcome('v'), cg_outcome('0'), cg_outcome('*'), cg_outcome('{1|-1}')"
is "numbers and birthdays" "1|0|2|3|3" \
  "SELECT cg_is_number('3/4'), cg_is_number('^'), cg_birthday('^'), cg_birthday('3/4'), cg_birthday('*3')"
is "sums, differences, negatives" "1/2^|1/2|0|-3/4" \
  "SELECT (SELECT cg_sum(value) FROM json_each('[\"^\",\"^\",\"v\",\"1/2\"]')), cg_sub('1', '1/2'), cg_add('^', 'v'), cg_neg('3/4')"
is "cg_options" "L|2
R|{1|0}" "SELECT * FROM cg_options('{2||1|0}')"
is "empty aggregate and NULLs" "0|NULL|NULL|NULL" \
  "SELECT (SELECT cg_sum(value) FROM json_each('[]')), cg(NULL), cg_add('1', NULL), cg_cmp(NULL, '0')"
is_error "syntax error names the position" "cgt: cg: missing '}' at position 1 in '{1|2'" "SELECT cg('{1|2')"
is_error "bad denominator" "cgt: cg_add: denominator must be a power of 2 at position 3 in '1/3'" "SELECT cg_add('1', '1/3')"
is_error "division by zero" "cgt: cg: division by zero at position 3 in '1/0'" "SELECT cg('1/0')"
is_error "no denominator" "cgt: cg: missing denominator after '/' at position 4 in '1 /'" "SELECT cg('1 /')"
is "arrows are ups and downs" "^|v|^^*|^3|^3|1/2^*|0|^^*|v" \
  "SELECT cg('↑'), cg('↓'), cg('⇑*'), cg('⇑↑'), cg('↑3'), cg('1/2↑*'), cg('↑↓'), cg('{0|↑}'), cg('-↑')"
is_error "a count follows a single arrow only; positions count characters" "cgt: cg: unexpected character at position 2 in '⇓2'" "SELECT cg('⇓2')"
is_error "positions count characters, not bytes" "cgt: cg: unexpected character at position 3 in '±1x'" "SELECT cg('±1x')"
is "spaces around a fraction's bar, as CGSuite's expressions allow" "1/2|5/8" "SELECT cg('1 / 2'), cg('{1 /2| 3/ 4}')"
# A REAL is the dyadic rational it holds, exactly: 0.1 is the double nearest 1/10.
is "REAL arguments are exact numbers" "+-3/2|1/2|-3|3602879701896397/36028797018963968|1|3/4*" \
  "SELECT cg_cool('{2|-2}', 0.5), cg(0.5), cg(-3.0), cg(0.1), cg_le(0.5, '1/2'), cg_add(0.75, '*')"
is "the smallest and largest doubles are exact: 1/2^1074 and (2^53-1)*2^971" "1|326|1|309|1" \
  "SELECT cg(-5e-324) = cg_neg(cg(5e-324)), length(cg(5e-324)), cg_le(cg_add(cg(5e-324), cg(5e-324)), cg(1e-323)),
          length(cg(1.7976931348623157e308)), cg(1.7976931348623157e308) = cg_sub(cg(1.7976931348623157e308), 0)"
is_error "an infinite REAL" "cgt: cg_add: Inf is not a number that can be a game" "SELECT cg_add(9e999, 0)"
is "numbers past 64 bits are exact" "9223372036854775808|1/36893488147419103232" \
  "SELECT cg_add('9223372036854775807', '1'), cg('{0|1/18446744073709551616}')"
is "partizan functions are pure: usable in a view" "^" "CREATE VIEW pv AS SELECT cg('{0|*}') AS v" "SELECT v FROM pv"

# Built-in rulesets (checked further in tests/boards/test_prules.c).
is "toetactics" "*|*" "SELECT surreal_value('toetactics', '.........'), surreal_value('toetactics:.x./xox/oxx')"
is "hackenbush strings" "7/4|77/128|*7" \
  "SELECT surreal_value('hackenbush', 'LLRL'), surreal_value('hackenbush:lrlrrllr'), surreal_value('hackenbush', 'GGGGGGG')"
is "cutcake" "-7|-3|-1|0|499999999" \
  "SELECT surreal_value('cutcake', '1x8'), surreal_value('cutcake:2x8'), surreal_value('cutcake', '5x8'), surreal_value('cutcake', '8x8'), surreal_value('cutcake', '1000000000x3')"
is "a sum of boards" "-10" \
  "SELECT cg_sum(surreal_value('cutcake', b)) FROM (SELECT '1x8' AS b UNION ALL SELECT '2x8' UNION ALL SELECT '8x8')"
is_error "unknown ruleset" "cgt: surreal_value: unknown ruleset 'chess' (toetactics, hackenbush, cutcake, domineering, clobber, toadsfrogs, impartial domineering (cram), impartial clobber, impartial toadsfrogs, subtraction{L|R})" \
  "SELECT surreal_value('chess', 'x')"
is_error "three in a row" "cgt: surreal_value: board 'xxx/.../...' already has three in a row" \
  "SELECT surreal_value('toetactics', 'xxx/.../...')"
is_error "bad cutcake" "cgt: surreal_value: a cutcake board is WxH with positive W and H, not '0x3'" \
  "SELECT surreal_value('cutcake', '0x3')"
is_error "no colon" "cgt: surreal_value: 'toetactics' is not 'ruleset:board'" "SELECT surreal_value('toetactics')"

# cg_value on a stored partizan graph.
sql "$DB" ".read sql/cgt_schema.sql" "INSERT INTO cgt_edge VALUES
  ('p','a','b','L'), ('p','a','c','R'), ('p','b','d','R'), ('p','c','d','L'), ('p','e','e','L'),
  ('p','x','y',NULL), ('p','x','z',NULL), ('p','z','y','L'), ('p','x','y',NULL)" >/dev/null
is "cg_value: {-1|1} = 0, {|0} = -1, a terminal 0, moves for both sides" "0|-1|0|{1|0}" \
  "SELECT cg_value('p', 'a'), cg_value('p', 'b'), cg_value('p', 'd'), cg_value('p', 'x')"
is "cg_value of NULL" "NULL|NULL" "SELECT cg_value(NULL, 'a'), cg_value('p', NULL)"
is_error "cg_value of an unknown node" "cgt: cg_value: unknown node 'nope' in graph 'p'" "SELECT cg_value('p', 'nope')"
is "a cycle is a loopy value: e = {pass |} is on (docs/loopy.md)" "on" "SELECT cg_value('p', 'e')"
is_error "cg_value reads tables: DIRECTONLY" "unsafe use of cg_value()" \
  "CREATE VIEW cv AS SELECT cg_value('p', 'a')" "SELECT * FROM cv"

# CGSuite's input (its tutorial's "13 * 5", "*(3+2)", "5 * {3||2|0}"): a '*'
# after a space, or before '(', multiplies by an integer; a
# printed value still reads back (13*5 is 13 + *5, as both print it).
is "CGSuite's n * G and *(expr)" "65|13*5|*5|1|6|vv|2|0|{11||10|{9||||8|||7||6|4}}" \
  "SELECT cg('13 * 5'), cg('13*5'), cg('*(3+2)'), cg('5 * {3||2|0}') = cg_add('{3||2|0}', '{3||2|0}', '{3||2|0}', '{3||2|0}', '{3||2|0}'), cg('2*(3)'), cg('-2 * ^'), cg('1/2 * 4'), cg('3 * 4 * *'), cg('5 * {3||2|0}')"
is "a star before a space is a star (printed values pasted into sums)" "1*|-1^*|2*|2*|{1*|0}|1*|^^|2199023255552" \
  "SELECT cg('2* - 1'), cg('^* - 1'), cg('3* -1'), cg('1* + 1'), cg('{1* | 0}'), cg('1* '), cg('^* * 2'), cg('2 * 1099511627776')"
is "a REAL's text: decimals that are dyadic rationals read exactly" "{1/2|0}|3/4|-9/8|1" \
  "SELECT cg('{' || cg_mean('1/2') || '|0}'), cg('0.75'), cg('-1.125'), cg(cg_mean('{2|-1/2}') || '') = '3/4'"
is_error "a decimal that is no dyadic rational" "cgt: cg: a decimal that is no dyadic rational (a REAL's text keeps 15 digits: pass the REAL itself, or a fraction) at position 1 in '0.1'" "SELECT cg('0.1')"
is_error "*(...) past the largest nimber" "cgt: cg: nimber too large at position 1 in '*(99999999999999999999999)'" "SELECT cg('*(99999999999999999999999)')"
is "cg_followers" "{2||1|0}/2/{1|0}/1/0|6|1001" \
  "SELECT (SELECT group_concat(follower, '/') FROM cg_followers('{2||1|0}')), (SELECT count(*) FROM cg_followers('*5')), (SELECT count(*) FROM cg_followers(1000))"
is_error "cg_followers of a huge integer: at once, the bytes it needs" \
  "cgt: cg_followers: listing the followers needs 16.0 EiB" "SELECT * FROM cg_followers(9223372036854775807)"
is_error "of a huge up multiple too (at least birthday + 1 followers)" \
  "cgt: cg_followers: listing the followers needs 16.0 EiB" "SELECT * FROM cg_followers('^4611686018427387903')"
is_error "a NUL byte in a game's text is an error, not the end of it" \
  "cgt: cg: a NUL byte at byte 6 of the game's text" "SELECT cg('{0|*}' || char(0) || 'x')"
is_error "in a table function's argument too" \
  "cgt: cg_followers: a NUL byte at byte 6 of the game's text" "SELECT * FROM cg_followers('{0|*}' || char(0) || 'x')"
is_error "a product of two non-integers" "cgt: cg: '*' multiplies a game by an integer (n * G); neither side is one at position 3 in '^ * ^'" "SELECT cg('^ * ^')"
is_error "*(...) of a non-integer" "cgt: cg: *(...) must hold a non-negative integer at position 1 in '*(1/2)'" "SELECT cg('*(1/2)')"
is_error "a loopy game where a short game is needed" "cgt: cg_birthday: not defined for a loopy game ('1+on')" "SELECT cg_birthday('1+on')"
is_error "CGSuite's misere canonical forms" "misere canonical forms *[...] are not cgt's notation: for impartial misere play see misere_outcome, heap_genus and misere_quotient) at position 1 in '*[4,2]'" "SELECT cg('*[4,2]')"
is_error "a word that starts like one is not one" "cgt: cg: unexpected character at position 1 in 'offside'" "SELECT cg('offside')"

done_testing
