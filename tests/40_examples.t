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
is "examples/cf1442f.sql" "$want_cf" ".read examples/cf1442f.sql"

got=$(sql :memory: ".headers on" ".mode column" ".read examples/demo.sql")
case "$got" in
  *"whirl  ridge  win"*"0      away  cliff  draw"*) tap_result 1 "examples/demo.sql shows a winning move and draws" ;;
  *) tap_result 0 "examples/demo.sql shows a winning move and draws" "$got" ;;
esac

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

done_testing
