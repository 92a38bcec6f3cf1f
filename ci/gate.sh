#!/usr/bin/env bash
# The release gate: builds the harness, runs it against a target file, and publishes the reports.
#
#   ci/gate.sh TARGET_FILE [REPORT_DIR] [-- more `conformance run` arguments]
#
# The target file names its secrets as ${VAR} (passwords, client secrets); they come from the CI's secret
# variables and never appear in the reports. Optional environment:
#   BDS_BASELINE  a previous report.json: only MUST failures it does not have fail the gate
#   BDS_SHARD     k/n: this job runs the k-th of n shards (join the reports with `conformance merge`)
# Writes REPORT_DIR (default reports/gate): junit.xml, report.json, report.html, summary.md; appends the summary
# to $GITHUB_STEP_SUMMARY when GitHub Actions gives one. Exit code: conformance's (0 pass, 1 MUST failures,
# 2 configuration error, 3 target unreachable).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: ci/gate.sh TARGET_FILE [REPORT_DIR] [-- conformance run arguments]" >&2; exit 2; }
target=$1; shift
out=reports/gate
if [ $# -ge 1 ] && [ "$1" != "--" ]; then out=$1; shift; fi
[ "${1:-}" = "--" ] && shift

ci/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target conformance
mkdir -p "$out"

args=(run --target "$target"
      --report "junit=$out/junit.xml" --report "json=$out/report.json"
      --report "html=$out/report.html" --report "md=$out/summary.md")
[ -n "${BDS_BASELINE:-}" ] && args+=(--baseline "$BDS_BASELINE")
[ -n "${BDS_SHARD:-}" ] && args+=(--shard "$BDS_SHARD")

code=0
build/conformance "${args[@]}" "$@" || code=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$out/summary.md" ]; then cat "$out/summary.md" >> "$GITHUB_STEP_SUMMARY"; fi
echo "gate: reports in $out (exit $code)"
exit "$code"
