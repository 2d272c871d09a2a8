#!/bin/sh
# Under a memory cap (ulimit -v), a function that cannot get the memory it
# needs fails with SQLITE_NOMEM ("out of memory") or a clear error, never a
# crash, and the shell goes on.  Not under the sanitizers, whose shadow
# memory needs more address space than any cap leaves.
. tests/lib.sh

if [ -n "${CGT_SANITIZED:-}" ]; then
  echo "1..0 # SKIP the sanitizers reserve terabytes of address space"
  exit 0
fi

capped() {   # name, right answer, SQL: under a 150 MB cap, the right answer or an error, not a signal
  local name=$1 want=$2 got status
  shift 2
  got=$( (ulimit -v 150000; sql "$DB" "$@") 2>&1)
  status=$?
  case "$status:$got" in
    [0-9]:*"out of memory"*|[0-9]:*"cgt: "*|[0-9]:*"string or blob too big"*|0:"$want") tap_result 1 "$name: $(echo "$got" | head -c 60)"; return ;;
  esac
  tap_result 0 "$name" "exit status $status, output:
$got"
}

capped "heap_sequence of 10^8 heaps (400 MB of values; heap_grundy needs none: Kayles' period)" "100000000" "SELECT count(*) FROM heap_sequence('0.77', 99999999)"
capped "cg_options of a large nimber (200,000 rows of text)" "199998" "SELECT count(*) FROM cg_options('*99999')"
capped "wythoff_grundy within its limits" "1242" "SELECT wythoff_grundy(1580, 1580)"
capped "a long text for cg" "0" "SELECT cg(printf('%.*c', 9000000, '*'))"
sql "$DB" "CREATE TABLE cgt_edge(graph_id, src, dst, side)" \
  "INSERT INTO cgt_edge SELECT 1, value, value + 1, NULL FROM generate_series(1, 1000000)" >/dev/null
capped "a graph of a million moves" "1000001
0" "SELECT count(*) FROM cgt_solve(1)" "SELECT grundy(1, 1)"
is "the database is fine afterwards" "1000000|1" "SELECT count(*), outcome(1, 1000001) = 'P' FROM cgt_edge"

done_testing
