-- Arithmetic of partizan games in CGSuite's notation.
--   sqlite3 :memory: -cmd '.load ./dist/cgt' < examples/partizan.sql
.print 'Canonical forms: {0|0}, {0|*}, {1|}, {0|1}, {1/2|2}'
SELECT cg('{0|0}'), cg('{0|*}'), cg('{1|}'), cg('{0|1}'), cg('{1/2|2}');

.print
.print 'Sums: ^+^+*, *2+*3, 1/2 + 1/4, {1|-1} + {1|-1}'
SELECT cg_add('^', '^', '*'), cg_add('*2', '*3'), cg_add('1/2', '1/4'), cg_add('{1|-1}', '{1|-1}');

.print
.print 'Comparisons: ^+^+* with 0, {1|-1} with 0 (confused), ^ with *'
SELECT cg_cmp('^+^+*', '0'), cg_cmp('{1|-1}', '0'), cg_cmp('^', '*');

.print
.print 'Hot games: stops, mean and temperature of {2|-1/2} and of {10|{0|-10}}'
SELECT g, cg_leftstop(g), cg_rightstop(g), cg_mean(g), cg_temperature(g)
FROM (SELECT '{2|-1/2}' AS g UNION ALL SELECT '{10|{0|-10}}');

.print
.print 'Blue-Red Hackenbush strings and cakes, added up'
SELECT cg_sum(v) FROM (SELECT surreal_value('hackenbush', 'LLRL') AS v
                       UNION ALL SELECT surreal_value('hackenbush', 'RRL')
                       UNION ALL SELECT surreal_value('cutcake', '3x2'));
