#!/bin/sh
# Runs the libFuzzer harness build-fuzz/fuzz_NAME for SECONDS from its seed
# corpus and dictionary (tests/fuzz/); the corpus grows in
# build-fuzz/corpus/NAME, a crash is kept in build-fuzz/artifacts/ and the
# log in build-fuzz/NAME.log.  Exits non-zero when the harness found a
# crash, a leak or a timeout.  Extra arguments go to libFuzzer.
#   tests/fuzz/run.sh NAME SECONDS [libFuzzer options...]
set -u
name=$1 secs=$2
shift 2
case $name in
  notation|heaprule|loopy) maxlen=256 ;;
  rulesets) maxlen=64 ;;
  tokens) maxlen=1024 ;;
  *) maxlen=512 ;;
esac
mkdir -p build-fuzz/corpus/"$name" build-fuzz/artifacts
echo "== fuzz_$name for $secs s"
build-fuzz/fuzz_"$name" -max_total_time="$secs" -max_len=$maxlen -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 -dict=tests/fuzz/"$name".dict -artifact_prefix=build-fuzz/artifacts/"$name"- "$@" \
  build-fuzz/corpus/"$name" tests/fuzz/corpus/"$name" > build-fuzz/"$name".log 2>&1
st=$?
grep -E '^#[0-9]+.*DONE|^stat::(number_of_executed_units|peak_rss_mb)' build-fuzz/"$name".log
if [ $st -ne 0 ]; then
  grep -E -A40 '^==[0-9]+==.*ERROR|^SUMMARY' build-fuzz/"$name".log | head -60
  echo "fuzz_$name failed (exit $st): see build-fuzz/$name.log and build-fuzz/artifacts/"
fi
exit $st
