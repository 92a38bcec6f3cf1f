#!/usr/bin/env bash
# Installs what is missing, builds warning-free, and runs every test under AddressSanitizer and
# UndefinedBehaviorSanitizer; the optimised build (the program only) runs the kill and tolerance matrices, whose
# ~170 runs need its speed, and the npm tools' tests (tests/npm_tools.cmake: Prism and newman add nothing under the
# sanitizers), and its program is packaged, installed and run (ci/package.sh). The fuzz targets
# replay their corpus in the sanitized build (*_replay tests).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's seconds, printed at the end (also when one fails): where CI's time goes.
phase_names=() phase_seconds=() phase_name="" phase_start=$SECONDS
phase() {
  if [ -n "$phase_name" ]; then phase_names+=("$phase_name"); phase_seconds+=($((SECONDS - phase_start))); fi
  phase_name=$1 phase_start=$SECONDS
  if [ -n "$1" ]; then echo "== $1"; fi
}
report_phases() {
  phase ""
  echo "== CI phases (seconds)"
  for i in "${!phase_names[@]}"; do printf '%6d  %s\n' "${phase_seconds[$i]}" "${phase_names[$i]}"; done
  printf '%6d  total\n' "$SECONDS"
}
trap report_phases EXIT

phase "set-up (packages)"
ci/setup.sh
jobs=$(nproc)

phase "optimised build"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBDS_WERROR=ON -DBDS_BUILD_TESTS=OFF -DBDS_ENGINE_HARNESS=ON >/dev/null
cmake --build build -j "$jobs"
phase "optimised tests (matrices, the harness on SQLite, PostgreSQL and MariaDB, the npm tools, benches' smoke)"
ctest --test-dir build --output-on-failure -j "$jobs"
phase "package"
# The Debian package as users get it: installed with apt, run, removed (needs root, or sudo without a password).
if [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; then ci/package.sh; else echo "test: ci/package.sh not run (needs root)"; fi

phase "sanitized build"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBDS_SANITIZE=ON -DBDS_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs"
phase "sanitized tests"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"
