#!/bin/sh
# The examples run and show the answers the README promises.
. tests/lib.sh

want_cf="One token: node|outcome|grundy
1|P|0
2|D|inf{1}
3|N|1
Sums: tokens|outcome|value
[2,1]|D|inf{1}
[2,2]|D|inf{}
[2,3]|N|inf{0}
[1,3,1,3,1,2]|D|inf{1}
[1,3,1,3,1,3]|N|1
[1,3,1,3,1,1]|P|0
Winning moves of [2,3]: token|src|dst|result
0|2|3|win"
got=$(sql :memory: ".read examples/cf1442f.sql")
[ "$got" = "$want_cf" ]
tap_result $((1 - $?)) "examples/cf1442f.sql" "got:
$got"

got=$(sql :memory: ".headers on" ".mode column" ".read examples/demo.sql")
case "$got" in
  *"whirl  ridge  win"*"0      away  cliff  draw"*) tap_result 1 "examples/demo.sql shows a winning move and draws" ;;
  *) tap_result 0 "examples/demo.sql shows a winning move and draws" "$got" ;;
esac

want_rp="sample|exact mod 998244353|expected|as a REAL
1|0|0|0.0
2|332748118|332748118|0.333333333333
3|931694730|931694730|0.533333333333"
got=$(sql :memory: ".read examples/random_positions.sql")
[ "$got" = "$want_rp" ]
tap_result $((1 - $?)) "examples/random_positions.sql: the three samples" "got:
$got"

want_nimk="Heaps 7, 12, 19, 25, 30: does the player to move win Nim_k?  k|win
1|1
2|0
3|1
4|1

How many moves win?  k|winning moves
1|3
2|0
3|3
4|1"
got=$(sql :memory: ".read examples/nimk.sql")
[ "$got" = "$want_nimk" ]
tap_result $((1 - $?)) "examples/nimk.sql" "got:
$got"

want_xmas="For every root: root|Alice wins
1|1
2|0
3|0
4|1
5|1"
got=$(sql :memory: ".read examples/cf1498f.sql")
[ "$got" = "$want_xmas" ]
tap_result $((1 - $?)) "examples/cf1498f.sql: the sample of Codeforces 1498F (36_nimk_search.t checks it by brute force)" "got:
$got"

got=$(sql :memory: ".read examples/heaps.sql")
case "$got" in
  *"Nim-sum (0 means the player to move loses):
10"*"wythoff 3,7|piles 1,5
wythoff 3,7|piles 3,0") tap_result 1 "examples/heaps.sql finds the winning moves of a mixed sum" ;;
  *) tap_result 0 "examples/heaps.sql finds the winning moves of a mixed sum" "$got" ;;
esac

want_ttt="Each board: value, outcome (L: Left wins, R: Right wins, P: second player, N: first player)
empty|*|N
corner|-1/2|R
centre|0|P
late|*|N
crowded|0|P

All boards together:
-1/2|R"
got=$(sql :memory: ".read examples/toetactics.sql")
[ "$got" = "$want_ttt" ]
tap_result $((1 - $?)) "examples/toetactics.sql values boards and their sum" "got:
$got"

got=$(sql :memory: ".read examples/partizan.sql")
case "$got" in
  *"*|^|2|1/2|1"*"^^*|*|3/4|0"*"{2|-1/2}|2|-0.5|0.75|1.25"*"1/4") tap_result 1 "examples/partizan.sql shows the arithmetic" ;;
  *) tap_result 0 "examples/partizan.sql shows the arithmetic" "$got" ;;
esac

want_boards="Each board: value, outcome (L: Left wins, R: Right wins, P: second player, N: first player), temperature
corridor|{2|-1/2}|N|1.25
duel|+-{*,^}|N|0
elbow|*|N|0
pond|{1/2|0}|N|0.25
skirmish|^|L|0
tower|2|L|-1

All boards played side by side: their sum, and who wins it
{9/2^,9/2^^*|9/2*,9/2^,{9/2*,9/2^|9/2*,9/2v}||4^,4^^*|4*,4^,{4*,4^|4*,4v}|||2^,2^^*|2*,2^,{2*,2^|2*,2v}||3/2^,3/2^^*|3/2*,3/2^,{3/2*,3/2^|3/2*,3/2v}}|L

The hottest board (no other is hotter), and its thermograph, drawn into thermograph.svg
corridor|1.25|{\"left\":[[\"-1\",\"3\",-1],[\"5/4\",\"3/4\",0]],\"right\":[[\"-1\",\"-1\",0],[\"-1/2\",\"-1\",1],[\"5/4\",\"3/4\",0]],\"mast\":\"3/4\",\"mean\":\"3/4\",\"temperature\":\"5/4\"}
1"
root=$(pwd)
got=$(cd "$TEST_DIR" && CGT_EXT="$root/$CGT_EXT" sql :memory: ".read $root/examples/boards.sql")
[ "$got" = "$want_boards" ]
tap_result $((1 - $?)) "examples/boards.sql values, sums and compares boards" "got:
$got"
case "$(head -c 200 "$TEST_DIR/thermograph.svg" 2>/dev/null)" in
  *"<svg"*) tap_result 1 "examples/boards.sql draws thermograph.svg" ;;
  *) tap_result 0 "examples/boards.sql draws thermograph.svg" ;;
esac
if command -v xmllint >/dev/null 2>&1; then
  xmllint --noout "$TEST_DIR/thermograph.svg" 2>&1
  tap_result $((1 - $?)) "thermograph.svg is well-formed XML"
fi

PY=${PYTHON:-/usr/bin/python3}
if [ -n "${CGT_PRELOAD:-}" ]; then
  got=$(LD_PRELOAD="$CGT_PRELOAD" ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" "$PY" examples/python_demo.py "$CGT_EXT" 2>&1)
else
  got=$("$PY" examples/python_demo.py "$CGT_EXT" 2>&1)
fi
case "$got" in
  *"loses: [0, 2, 7, 9, 14, 16, 21, 23, 28, 30]"*"heap #2 from 20 to 16 (win)"*) tap_result 1 "examples/python_demo.py" ;;
  *) tap_result 0 "examples/python_demo.py" "$got" ;;
esac

if [ -n "${CGT_PRELOAD:-}" ]; then
  got=$(LD_PRELOAD="$CGT_PRELOAD" ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" "$PY" examples/grundy_stats.py 3000 "$CGT_EXT" 2>&1)
else
  got=$("$PY" examples/grundy_stats.py 3000 "$CGT_EXT" 2>&1)
fi
case "$got" in
  *"3000 nodes"*"outcomes: N "*"Grundy value  nodes"*) tap_result 1 "examples/grundy_stats.py" ;;
  *) tap_result 0 "examples/grundy_stats.py" "$got" ;;
esac

done_testing
