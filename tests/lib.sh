# tests/lib.sh: TAP helpers for tests that drive the sqlite3 shell.
#
#   . tests/lib.sh
#   sql "$DB" "CREATE TABLE ..."            run statements (cgt loaded), print output
#   is  "name" "expected output" "SQL" ...   one test point: output equals expected
#   is_error "name" "message part" "SQL" ... one test point: the SQL fails with it
#   done_testing
#
# Environment: CGT_EXT (extension, default ./dist/cgt), SQLITE3 (shell),
# CGT_PRELOAD (sanitizer runtimes to preload into the shell).  NULL prints
# as NULL.  Every test file gets a fresh database in $DB.

CGT_EXT=${CGT_EXT:-./dist/cgt}
SQLITE3=${SQLITE3:-sqlite3}
TEST_DIR=$(mktemp -d)
DB=$TEST_DIR/test.db
trap 'rm -rf "$TEST_DIR"' EXIT
tap_n=0
tap_failed=0

sql() {
  local db=$1
  shift
  if [ -n "${CGT_PRELOAD:-}" ]; then
    LD_PRELOAD="$CGT_PRELOAD" "$SQLITE3" -batch -bail -nullvalue NULL "$db" ".load $CGT_EXT" "$@" 2>&1
  else
    "$SQLITE3" -batch -bail -nullvalue NULL "$db" ".load $CGT_EXT" "$@" 2>&1
  fi
}

tap_result() {  # pass name [diagnostic lines]
  tap_n=$((tap_n + 1))
  if [ "$1" = 1 ]; then
    echo "ok $tap_n - $2"
  else
    tap_failed=$((tap_failed + 1))
    echo "not ok $tap_n - $2"
    printf '%s\n' "$3" | sed 's/^/#   /'
  fi
}

is() {
  local name=$1 want=$2
  shift 2
  local got
  got=$(sql "$DB" "$@")
  if [ "$got" = "$want" ]; then tap_result 1 "$name"
  else tap_result 0 "$name" "got:
$got
expected:
$want"
  fi
}

is_error() {
  local name=$1 want=$2
  shift 2
  local got status
  got=$(sql "$DB" "$@")
  status=$?
  case "$got" in
    *"$want"*) [ $status -ne 0 ] && { tap_result 1 "$name"; return; } ;;
  esac
  tap_result 0 "$name" "exit status $status, output:
$got
expected an error containing: $want"
}

done_testing() {
  echo "1..$tap_n"
  [ $tap_failed -eq 0 ]
}
