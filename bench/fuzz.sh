#!/usr/bin/env bash
# The long fuzz runs: each libFuzzer target (fuzz/) for FUZZ_RUNS executions (default 10,000,000) on a
# copy of its seed corpus, printing executions, executions/s, peak RSS, wall time and the result, and writing the
# table to reports/fuzz.md. Targets run one after another, FUZZ_PARALLEL (default 1) at a time; name some to run
# only those (`bench/fuzz.sh sync_body_fuzz`): the table keeps the last figures of the others.
# Takes hours on 2 cores: run it with nohup, e.g. `nohup nice bench/fuzz.sh > build-fuzz/bench.log 2>&1 &`; on cores
# shared with other work raise FUZZ_TIMEOUT (seconds of wall time one input may take, default 25).
# `bench/fuzz.sh --table` only writes reports/fuzz.md from the figures of the last runs.
set -euo pipefail
# Inputs up to 8 KiB (-max_len): what breaks a parser or a route shows in small inputs (nesting is capped at 16
# levels in the stub, 64 in a target file), and bodies of tens of KiB cut the rate fivefold.
cd "$(dirname "$0")/.."
runs=${FUZZ_RUNS:-10000000}
out=build-fuzz/bench
parallel=${FUZZ_PARALLEL:-1}
# libFuzzer's -timeout is wall-clock: on cores shared with a build, a slow moment is not a hang.
timeout=${FUZZ_TIMEOUT:-25}
all=(selection_fuzz sync_body_fuzz query_body_fuzz target_file_fuzz)
targets=("$@")
((${#targets[@]})) || targets=("${all[@]}")

write_table() {
  {
    echo "# Fuzzing figures"
    echo
    echo "Written by \`bench/fuzz.sh\` ($runs executions per target, libFuzzer with AddressSanitizer, LeakSanitizer and"
    echo "UndefinedBehaviorSanitizer, clang $(${FUZZ_CXX:-clang++-16} -dumpversion), RelWithDebInfo) on $(nproc) cores shared"
    echo "with other work, $(date -u +%Y-%m-%d). Each target starts from its seed corpus (fuzz/corpus/<target>, written by"
    echo "\`make_fuzz_corpus\`); \"new units\" are the inputs libFuzzer kept for new coverage."
    echo
    echo "| target | executions | exec/s | peak RSS (MB) | wall time (s) | new units | result |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
    for t in "${all[@]}"; do
      if [ -f "$out/$t.result" ]; then
        IFS='|' read -r name n rate rss secs units result <"$out/$t.result"
        echo "| \`$name\` | $n | $rate | $rss | $secs | $units | $result |"
      else
        echo "| \`$t\` | not run | | | | | |"
      fi
    done
  } >reports/fuzz.md
  cat reports/fuzz.md
  grep -q FINDING reports/fuzz.md && exit 1 || exit 0
}

if [ "${1:-}" = --table ]; then
  write_table
  exit 0
fi
ci/setup.sh fuzz
CC=${FUZZ_CC:-clang-16} CXX=${FUZZ_CXX:-clang++-16} \
  cmake -S . -B build-fuzz -G Ninja -DBDS_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"
mkdir -p "$out" build-fuzz/artifacts

run_one() {
  local t=$1 start end status result
  rm -rf "$out/$t.corpus" && mkdir -p "$out/$t.corpus" "fuzz/regressions/$t"
  start=$(date +%s)
  status=0
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "build-fuzz/fuzz/$t" -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="build-fuzz/artifacts/$t-" "$out/$t.corpus" "fuzz/corpus/$t" "fuzz/regressions/$t" >"$out/$t.log" 2>&1 || status=$?
  end=$(date +%s)
  stat() { grep -o "stat::$1: *[0-9]*" "$out/$t.log" | grep -o '[0-9]*$' || echo "?"; }
  result="no crash, leak or sanitizer report"
  ((status == 0)) || result="FINDING (exit $status, see $out/$t.log and build-fuzz/artifacts/)"
  printf '%s|%s|%s|%s|%s|%s|%s\n' "$t" "$(stat number_of_executed_units)" "$(stat average_exec_per_sec)" \
    "$(stat peak_rss_mb)" "$((end - start))" "$(stat new_units_added)" "$result" >"$out/$t.result"
  echo "fuzz bench: $t: $(stat number_of_executed_units) executions, $(stat average_exec_per_sec) exec/s," \
       "peak RSS $(stat peak_rss_mb) MB, $((end - start)) s: $result"
}

for t in "${targets[@]}"; do
  run_one "$t" &
  while (($(jobs -rp | wc -l) >= parallel)); do wait -n || true; done
done
wait

write_table
