#!/usr/bin/env bash
# The release gate: runs the harness against a target file and writes the reports for CI.
#
#   ci/gate.sh TARGET_FILE [REPORT_DIR] [-- more `conformance run` arguments]
#   ci/gate.sh --merge REPORT_DIR SHARD_REPORT_DIR...    joins the reports of shards (their report.json)
#
# The program: $BDS_CONFORMANCE, else `conformance` on PATH (the installed package), else built here from source
# (installing only what building needs). Paths are relative to where it is called from. The target file names its
# secrets as ${VAR} (passwords, client secrets); they come from the CI's secret variables and never appear in the
# reports. Optional environment:
#   BDS_BASELINE  a previous report.json: only MUST failures it does not have fail the gate
#   BDS_SHARD     k/n: this job runs the k-th of n shards
#   BDS_SEED      the run's seed: give every shard the same one (the pipeline's id), or their reports do not merge
#   BDS_RELEASE   the server build the run judges (e.g. the commit), recorded with it: `conformance run --release`
#   BDS_HISTORY   a run history file (SQLite) the CI keeps between pipelines (a cache or an artifact): the whole run
#                 (or the merge of its shards; a shard alone is not a run) is appended to it, and history.md and
#                 history.html of its last 30 runs are written beside the reports (docs/history.md)
# Writes REPORT_DIR (default reports/gate): junit.xml, report.json, report.html, summary.md, and with BDS_BASELINE
# diff.md, diff.html, diff.json (the run compared with the baseline's: `conformance diff`; not for a shard, which
# runs a part of the checks: its merge writes them), and journal.jsonl, every record the run wrote (docs/reliability.md,
# "Cleaning up after a run"): after a run that ended incomplete or interrupted, `conformance clean --journal` sends back deleted
# what its own clean-up did not. Appends summary.md and diff.md to $GITHUB_STEP_SUMMARY when GitHub Actions gives one. Exit code: conformance's (0 pass, 1 MUST failures,
# 2 configuration error, 3 target unreachable, 4 incomplete, 128 + the signal's number interrupted).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
usage="usage: ci/gate.sh TARGET_FILE [REPORT_DIR] [-- conformance run arguments] | ci/gate.sh --merge REPORT_DIR SHARD_DIR..."
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }

if [ -n "${BDS_CONFORMANCE:-}" ]; then
  bin=$(absolute "$BDS_CONFORMANCE")
elif command -v conformance >/dev/null; then
  bin=$(command -v conformance)
else
  (cd "$root" && ci/setup.sh build &&
   cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBDS_BUILD_TESTS=OFF >/dev/null &&
   cmake --build build -j "$(nproc)" --target conformance)
  bin=$root/build/conformance
fi

baseline=()
if [ -n "${BDS_BASELINE:-}" ]; then
  if [ ! -f "$BDS_BASELINE" ]; then
    echo "gate: BDS_BASELINE is $BDS_BASELINE, which does not exist: commit the report.json of an accepted run there, or unset BDS_BASELINE to fail on every MUST failure" >&2
    exit 2
  fi
  baseline=(--baseline "$(absolute "$BDS_BASELINE")")
fi

publish() {  # REPORT_DIR EXIT_CODE
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    for f in summary.md diff.md; do [ -f "$1/$f" ] && cat "$1/$f" >>"$GITHUB_STEP_SUMMARY"; done
  fi
  echo "gate: reports in $1 (exit $2)"
  exit "$2"
}
report_args() {  # REPORT_DIR [diff]: sets reports, the --report arguments (with "diff" and a baseline, the diff's too)
  reports=(--report "junit=$1/junit.xml" --report "json=$1/report.json" --report "html=$1/report.html" --report "md=$1/summary.md")
  if [ ${#baseline[@]} -gt 0 ] && [ "${2:-}" = diff ]; then
    reports+=(--report "diff-md=$1/diff.md" --report "diff-html=$1/diff.html" --report "diff-json=$1/diff.json")
  fi
}
# CI ends a job with SIGTERM or SIGINT, sent to this script alone or to its whole process group. The run must get each
# such signal exactly once (it takes one delivered twice within a moment as one, but this script's copy of a signal to
# the group may come later, and a second signal 2 s after the first skips its clean-up: docs/verdict-and-reports.md,
# "The verdict"), and this script must outlive it to publish its reports. So the run gets a process group of its own
# (set -m), and each signal this script gets is handed on to it.
run_handing_on_signals() {  # COMMAND...: runs it, sets code to its exit code
  set -m
  "$@" &
  local child=$!
  set +m
  local sig
  for sig in TERM INT HUP; do trap "kill -$sig $child 2>/dev/null || true" "$sig"; done
  code=0
  # wait returns early (over 128) when a signal comes; the run's own code once it has ended.
  while :; do
    wait "$child" && code=0 || code=$?
    kill -0 "$child" 2>/dev/null || break
  done
  trap - TERM INT HUP
}

history=()
[ -n "${BDS_HISTORY:-}" ] && history=(--history "$(absolute "$BDS_HISTORY")")
history_reports() {  # REPORT_DIR: the history's last 30 runs beside the reports (a history that cannot be read fails nothing)
  [ ${#history[@]} -gt 0 ] && [ -f "${history[1]}" ] || return 0
  "$bin" history "${history[1]}" --last 30 --report "md=$1/history.md" --report "html=$1/history.html" ||
    echo "gate: the history's reports could not be written" >&2
}

if [ "$1" = --merge ]; then
  [ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
  out=$(absolute "$2"); shift 2
  shards=()
  for dir in "$@"; do shards+=("$(absolute "$dir")/report.json"); done
  mkdir -p "$out"
  report_args "$out" diff
  code=0
  "$bin" merge "${shards[@]}" "${baseline[@]}" "${reports[@]}" "${history[@]}" || code=$?
  history_reports "$out"
  publish "$out" "$code"
fi

target=$(absolute "$1"); shift
out=$(absolute reports/gate)
if [ $# -ge 1 ] && [ "$1" != "--" ]; then out=$(absolute "$1"); shift; fi
[ "${1:-}" = "--" ] && shift
mkdir -p "$out"
if [ -z "${BDS_SHARD:-}" ]; then report_args "$out" diff; else report_args "$out"; fi

journal=$out/journal.jsonl
# A journal a gate left unfinished (its clean, too, ended early) is kept aside, not overwritten by this run's.
if [ -f "$journal" ] && ! tail -1 "$journal" | grep -q '"clean_up":"done"'; then
  kept=$out/journal-unfinished-$(date -u +%Y%m%dT%H%M%SZ).jsonl
  mv "$journal" "$kept"
  echo "gate: an earlier run's journal is not cleaned up yet; kept as $kept (conformance clean --journal $kept)"
fi
args=(run --target "$target" --journal "$journal" "${reports[@]}" "${baseline[@]}")
[ -n "${BDS_SHARD:-}" ] && args+=(--shard "$BDS_SHARD")
[ -n "${BDS_SEED:-}" ] && args+=(--seed "$BDS_SEED")
[ -n "${BDS_RELEASE:-}" ] && args+=(--release "$BDS_RELEASE")
[ -z "${BDS_SHARD:-}" ] && args+=("${history[@]}")

run_handing_on_signals "$bin" "${args[@]}" "$@"
run_code=$code
# Incomplete (4) or interrupted (128 + the signal): the run's clean-up may have been cut short (a stopped run gets
# 10 s) and left records on the target. The journal says what is left; the gate's exit code stays the run's.
if [ "$run_code" = 4 ] || [ "$run_code" -ge 128 ]; then
  how=incomplete; [ "$run_code" -ge 128 ] && how=interrupted
  # Reruns (--rerun-failures) keep journals of their own beside the run's: journal.jsonl.rerun-N.
  for j in "$journal" "$journal".rerun-*; do
    [ -f "$j" ] || continue
    echo "gate: the run ended $how (exit $run_code): conformance clean --journal $j"
    run_handing_on_signals "$bin" clean --target "$target" --journal "$j"
    echo "gate: conformance clean exited $code"
  done
fi
[ -z "${BDS_SHARD:-}" ] && history_reports "$out"
publish "$out" "$run_code"
