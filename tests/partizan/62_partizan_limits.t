#!/bin/sh
# Hostile and careless input to the partizan functions (issue 9): no crash,
# no wrapped number, no hang; what cannot be computed is an error naming the
# function and the limit.
. tests/lib.sh

# Crashes of the past: nesting in the parser, deep games.
is "an even number of minus signs" "1|-1" \
  "SELECT cg(printf('%.*c', 100000, '-') || '1'), cg(printf('%.*c', 99999, '-') || '1')"
is_error "60,000 nested parentheses" "cgt: cg: nesting deeper than 500 at position 501" \
  "SELECT cg(printf('%.*c', 60000, '(') || '1' || printf('%.*c', 60000, ')'))"
is_error "{0| nested 20,000 deep" "cgt: cg: nesting deeper than 500" \
  "SELECT cg(replace(printf('%.*c', 20000, 'x'), 'x', '{0|') || '0' || printf('%.*c', 20000, '}'))"
is_error "+- nested 5,000 deep" "cgt: cg: nesting deeper than 500" "SELECT cg(replace(printf('%.*c', 5000, 'x'), 'x', '+-') || '1')"
is "nesting within the limit works" "1" \
  "SELECT cg(printf('%.*c', 498, '(') || '1' || printf('%.*c', 498, ')'))"
is "a game 400 levels deep (a chain of switches)" "1" \
  "WITH RECURSIVE c(n, g) AS (SELECT 0, '0' UNION ALL SELECT n + 1, '{' || g || '|-1}' FROM c WHERE n < 400)
   SELECT cg_birthday(g) > 0 FROM c WHERE n = 400"
is "many ups summed by an aggregate" "^6000" "SELECT cg_sum('^^^^^^') FROM generate_series(1, 1000)"
is "ups of any multiple, as values" "^10000|10001|0|0" \
  "SELECT cg('^10000'), cg_birthday('^10000'), cg_temperature('^10000'), cg_mean('^10000')"
is "thermograph of a deep game" "0" "SELECT cg_temperature(cg_add('^5000', '*7'))"
is "a sum of 30 switches +-1+-2...+-30: N, mean 0, temperature 30, stops 15 and -15 (45 s of CPU before the stops pruned comparisons)" \
  "N|0|30|15|-15" \
  "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 30),
        g(t) AS (SELECT group_concat(printf('{%d|-%d}', i, i), '+') FROM r)
   SELECT cg_outcome(t), cg_mean(t), cg_temperature(t), cg_leftstop(t), cg_rightstop(t) FROM g"

# Nimbers and number + nimber sums are recognised structurally.
is "large nimbers" "*64|*1000000|*2147483647|*" "SELECT cg('*64'), cg('*1000000'), cg('*2147483647'), cg_add('*64', '*65')"
is "number + nimber sums" "1*30|1/2^^*5" "SELECT cg('1*30'), cg('1/2^^*5')"
is "64 green edges of Hackenbush" "*64" "SELECT surreal_value('hackenbush', printf('%.*c', 64, 'G'))"
is_error "a nimber past the limit" "cgt: cg: nimber too large" "SELECT cg('*2147483648')"
is_error "options of a nimber too large to list" "cgt: cg_options: a game with more than 100000 options" \
  "SELECT count(*) FROM cg_options('*1000000')"
is "options of a nimber" "10" "SELECT count(*) FROM cg_options('*5')"

# Exact numbers of any size, up to the documented limit.
is "the overflows of the past are exact" \
  "9223372036854775808|-9223372036854775809|9223372036854775808|9223372036854775807/2^|9223372036854775809/9223372036854775808|1/18446744073709551616" \
  "SELECT cg('{9223372036854775807|}'), cg('{|-9223372036854775807-1}'), cg('-(-9223372036854775807-1)'),
          cg('9223372036854775807/2+^'), cg('{0|1/4611686018427387904}+1'), cg('{0|{0|1/4611686018427387904}}')"
is "a Hackenbush string of 200 edges: L then 199 R is 1/2^199" "1/803469022129495137770981046170581301261101496891396417650688" \
  "SELECT surreal_value('hackenbush', 'L' || printf('%.*c', 199, 'R'))"
is "a printed big number parses back to itself" "1" \
  "WITH v(g) AS (SELECT surreal_value('hackenbush', 'LR' || replace(printf('%.*c', 150, 'x'), 'x', 'LR')))
   SELECT cg(g) = g AND length(g) > 80 FROM v"
is_error "a birthday past 63 bits" "cgt: cg_birthday: number too large" "SELECT cg_birthday('-9223372036854775807-1')"
is_error "a numerator past the limit" "cgt: cg: number too large at position 1" "SELECT cg(printf('%.*c', 20000, '9'))"
is_error "a sum past the limit of 65536 bits" "cgt: cg_sum: number too large (numbers are exact up to 65536 bits" \
  "SELECT length(cg_sum('1' || printf('%.*c', 19728, '0'))) FROM generate_series(1, 3)"
is_error "a Hackenbush string over the limit" "cgt: surreal_value: a string of 20001 edges is over the limit of 20000" \
  "SELECT surreal_value('hackenbush', printf('%.*c', 20001, 'L'))"
is "a Hackenbush string at the limit: 1/2^19999 (a 6021-digit denominator)" "6023" \
  "SELECT length(surreal_value('hackenbush', 'L' || printf('%.*c', 19999, 'R')))"
is "options of a cg_options('0')" "0" "SELECT count(*) FROM cg_options('0')"

# A value whose text would be longer than the parser reads (10^8 bytes) is an
# error, so every printed value can be read back.  An ordinal sum prints G's
# options once for every position of H's game tree: G, a sum of ten switches
# {x|-x} on 100-digit numbers x (54 kB of text), and H, a sum of eight small
# switches, give more than 10^8 bytes in under a second (five seconds under
# the sanitizers: in the plain suite only).
if [ -z "${CGT_SANITIZED:-}" ]; then
  is_error "a value too long to print" "cgt: cg_ordinal_sum: the value prints in more than 100000000 bytes" \
    "WITH RECURSIVE t(k, x) AS (SELECT 1, printf('%.*c', 100, '9') UNION ALL SELECT k + 1, cg_add(x, x) FROM t WHERE k < 10),
       g(g) AS (SELECT cg_sum('{' || x || '|' || cg_neg(x) || '}') FROM t),
       h(h) AS (SELECT cg_sum('{' || value || '|-' || value || '}') FROM generate_series(1, 8))
     SELECT length(cg_ordinal_sum(g, h)) FROM g, h"
fi

done_testing
