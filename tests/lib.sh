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
#
# The checks (is, is_error) on $DB are queued, then run together by one
# shell, from a script, when the test next calls sql or done_testing: a
# shell under the sanitizers costs 0.1 s to start and end, so one shell a
# check was most of those tests' time.  Each check still gets a fresh
# connection (.open, .load) in list mode; what differs from a shell of its
# own: statements of a check after one that fails still run (the check
# fails or errs all the same), errors read "Parse error near line N:" or
# "Runtime error near line N:", and a leak found when the shell ends fails
# a point of its own, naming the checks that shell ran.  Test points go to
# the test's stdout (fd 3) and the counts live in a file, so checks run by
# sql under a redirection or in a subshell ($(sql ...)) are reported alike.

CGT_EXT=${CGT_EXT:-./dist/cgt}
SQLITE3=${SQLITE3:-sqlite3}
TEST_DIR=$(mktemp -d)
DB=$TEST_DIR/test.db
trap 'rm -rf "$TEST_DIR"' EXIT
exec 3>&1
echo 0 0 > "$TEST_DIR/tap"

shell() {
  if [ -n "${CGT_PRELOAD:-}" ]; then LD_PRELOAD="$CGT_PRELOAD" "$SQLITE3" "$@"; else "$SQLITE3" "$@"; fi
}

sql() {
  local db=$1
  shift
  run_checks
  shell -batch -bail -nullvalue NULL "$db" ".load $CGT_EXT" "$@" 2>&1
}

tap_result() {  # pass name [diagnostic lines]
  local n failed
  read n failed < "$TEST_DIR/tap"
  n=$((n + 1))
  if [ "$1" = 1 ]; then
    echo "ok $n - $2" >&3
  else
    failed=$((failed + 1))
    echo "not ok $n - $2" >&3
    printf '%s\n' "$3" | sed 's/^/#   /' >&3
  fi
  echo $n $failed > "$TEST_DIR/tap"
}

# Queues a check: its kind, name and expectation as a record of q.meta
# (fields ended by \037, records by \036), its statements in q.sql, each
# argument a dot command or SQL ended by ';'.  Only shell builtins: a
# process costs milliseconds here.
queue() {
  local kind=$1 name=$2 want=$3
  shift 3
  printf '%s\037%s\037%s\036' "$kind" "$name" "$want" >> "$TEST_DIR/q.meta"
  printf '.print @@check@@\n.open %s\n.load %s\n.mode list\n.headers off\n' "$DB" "$CGT_EXT" >> "$TEST_DIR/q.sql"
  for s in "$@"; do
    case "$s" in
      .*) printf '%s\n' "$s" ;;
      *) printf '%s\n;\n' "$s" ;;
    esac
  done >> "$TEST_DIR/q.sql"
}

is() { queue is "$@"; }
is_error() { queue is_error "$@"; }

# Runs the queued checks in one shell; awk splits the output at the markers,
# compares, prints the test points and updates the counts.
run_checks() {
  [ -f "$TEST_DIR/q.meta" ] || return 0
  local status
  printf '.print @@end@@\n' >> "$TEST_DIR/q.sql"
  shell -batch -nullvalue NULL < "$TEST_DIR/q.sql" > "$TEST_DIR/q.out" 2>&1
  status=$?
  awk -v status="$status" -v counts="$TEST_DIR/tap" '
    function diag(text) { gsub(/\n/, "\n#   ", text); print "#   " text }
    function result(pass, name, text) {
      n++
      if (pass) { print "ok " n " - " name; return }
      failed++
      print "not ok " n " - " name
      diag(text)
    }
    FILENAME == counts { n = $1; failed = $2; next }
    FILENAME ~ /meta$/ { split($0, f, "\037"); kind[FNR] = f[1]; name[FNR] = f[2]; want[FNR] = f[3]; next }
    $0 == "@@check@@" { k++; got[k] = ""; sep = ""; next }
    $0 == "@@end@@" { k = "end"; next }
    k != "" { got[k] = got[k] sep $0; sep = "\n" }
    END {
      first = n + 1
      for (i = 1; kind[i] != ""; i++) {
        g = got[i]
        sub(/\n+$/, "", g)
        if (kind[i] == "is")
          result(g == want[i], name[i], "got:\n" g "\nexpected:\n" want[i])
        else
          result(index(g, want[i]) && g ~ /(^|\n)(Parse error|Runtime error|Error)/, name[i],
                 "output:\n" g "\nexpected an error containing: " want[i])
      }
      if (got["end"] != "" || status > 1)
        result(0, "the shell running checks " first " to " n " ends cleanly", "exit status " status ":\n" got["end"])
      print n, failed > counts
    }' "$TEST_DIR/tap" RS='\036' "$TEST_DIR/q.meta" RS='\n' "$TEST_DIR/q.out" >&3
  rm -f "$TEST_DIR/q.meta" "$TEST_DIR/q.sql" "$TEST_DIR/q.out"
}

done_testing() {
  local n failed
  run_checks
  read n failed < "$TEST_DIR/tap"
  echo "1..$n"
  [ "$failed" -eq 0 ]
}
