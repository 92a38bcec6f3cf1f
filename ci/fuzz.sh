#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang with ASan and UBSan) in build-fuzz and runs each for a short time on
# its seed corpus (fuzz/corpus/<target>) and the inputs of past findings (fuzz/regressions/<target>): any crash,
# leak, sanitizer report, time-out or memory blow-up fails.
# FUZZ_SECONDS sets the time per target (default 20). CI does not run it (it replays the corpus in its sanitized
# build, the *_replay tests); the long runs (10 million executions each) are bench/fuzz.sh.
set -euo pipefail
# Inputs up to 8 KiB (-max_len): what breaks a parser or a route shows in small inputs (nesting is capped at 16
# levels in the stub, 64 in a target file), and bodies of tens of KiB cut the rate fivefold.
cd "$(dirname "$0")/.."
ci/setup.sh fuzz
seconds=${FUZZ_SECONDS:-20}
targets=(selection_fuzz sync_body_fuzz query_body_fuzz target_file_fuzz)

# clang 16: clang 14 and 15 cannot compile the project (a lambda capturing a structured binding, C++20).
CC=${FUZZ_CC:-clang-16} CXX=${FUZZ_CXX:-clang++-16} \
  cmake -S . -B build-fuzz -G Ninja -DBDS_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"

failed=()
for t in "${targets[@]}"; do
  # New inputs go to build-fuzz (kept between runs); the committed seeds are only read.
  mkdir -p "build-fuzz/corpus/$t" build-fuzz/artifacts "fuzz/regressions/$t"
  log="build-fuzz/$t.log"
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
       "build-fuzz/fuzz/$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -max_len=8192 \
       -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$t-" "build-fuzz/corpus/$t" "fuzz/corpus/$t" "fuzz/regressions/$t" >"$log" 2>&1; then
    echo "fuzz: $t: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$') executions, no finding"
  else
    echo "fuzz: $t FAILED (log: $log)"
    grep -E '^(==[0-9]+==|SUMMARY|[a-z_]+_fuzz:|.*runtime error)' "$log" | head -20 || true
    failed+=("$t")
  fi
done
if ((${#failed[@]})); then
  echo "fuzz: findings in ${failed[*]}; the inputs are in build-fuzz/artifacts (replay: build-fuzz/fuzz/<target> <file>)"
  exit 1
fi
