#!/usr/bin/env bash
# Installs what is missing, builds warning-free, and runs every test under AddressSanitizer and
# UndefinedBehaviorSanitizer; the optimised build (the program only) runs the kill and tolerance matrices, whose
# ~140 full runs need its speed, and its program is packaged, installed and run (ci/package.sh). The fuzz targets
# replay their corpus in the sanitized build (*_replay tests).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh
jobs=$(nproc)

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBDS_WERROR=ON -DBDS_BUILD_TESTS=OFF >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"
# The Debian package as users get it: installed with apt, run, removed (needs root, or sudo without a password).
if [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; then ci/package.sh; else echo "test: ci/package.sh not run (needs root)"; fi

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBDS_SANITIZE=ON -DBDS_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"
