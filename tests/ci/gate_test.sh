#!/usr/bin/env bash
# The steps of the CI templates (ci/templates/), end to end against the bundled stub: ci/gate.sh called from
# another directory with relative paths, two shards with one seed, then --merge into one verdict; a baseline that
# does not exist is a clear configuration error; and SIGTERM to the gate ends the run once, its reports published. Usage: gate_test.sh CONFORMANCE_EXECUTABLE
set -euo pipefail
exe=$1
gate=$(cd "$(dirname "$0")/../../ci" && pwd)/gate.sh
work=$(mktemp -d)
stub_pid=
cleanup() { [ -n "$stub_pid" ] && kill "$stub_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "gate_test: $*" >&2; exit 1; }

# The stub, with short tokens so that the expiry check decides.
"$exe" stub --port 0 --token-ttl 3 >"$work/url" 2>"$work/stub.log" &
stub_pid=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url=$(head -1 "$work/url")
[ -n "$url" ] || fail "the stub did not start: $(cat "$work/stub.log")"

cd "$work"
cat >target.json <<JSON
{"base_url": "\${BDS_BASE_URL}",
 "users": {"writer": {"username": "writer", "password": "\${BDS_WRITER_PASSWORD}"},
           "reader": {"username": "reader", "password": "reader-pw"},
           "other_tenant": {"username": "other_tenant", "password": "other-pw"},
           "limited": {"username": "limited", "password": "limited-pw", "resources": ["CliFor", "MCPArticoli", "MCPResources"]}},
 "query": {"RecordSelection": "\$RecordSelection", "PageSize": "\$PageSize", "PageNumber": "\$PageNumber",
           "OrderBy": [{"field": "\$OrderField", "desc": "\$OrderDescending"}]}}
JSON
export BDS_BASE_URL=$url BDS_WRITER_PASSWORD=writer-pw BDS_CONFORMANCE=$exe BDS_SEED=7 BDS_HISTORY=history.db BDS_RELEASE=r42
runs_in_history() { "$exe" history history.db --report json=- | grep -c '"started_at"'; }

for shard in 1 2; do
  code=0
  BDS_SHARD=$shard/2 "$gate" target.json "reports/shard-$shard" -- --cases 10 >"shard-$shard.log" 2>&1 || code=$?
  [ "$code" = 0 ] || fail "shard $shard/2 exited $code: $(tail -20 "shard-$shard.log")"
  [ -s "reports/shard-$shard/report.json" ] || fail "shard $shard wrote no report.json"
done
code=0
"$gate" --merge reports/gate reports/shard-1 reports/shard-2 >merge.log 2>&1 || code=$?
[ "$code" = 0 ] || fail "merge exited $code: $(tail -20 merge.log)"
for f in junit.xml report.json report.html summary.md; do [ -s "reports/gate/$f" ] || fail "merge wrote no $f"; done
grep -q '"verdict": *"pass"' reports/gate/report.json || fail "the merged verdict is not pass: $(grep -o '"verdict": *"[a-z]*"' reports/gate/report.json)"
grep -q "writer-pw" reports/gate/* && fail "a password reached the reports"
# A shard alone is no run: only the merge is appended to the history, and its reports are written beside.
[ "$(runs_in_history)" = 1 ] || fail "the history holds $(runs_in_history) runs after two shards and their merge"
grep -q "writer-pw" history.db && fail "a password reached the history"
for f in history.md history.html; do [ -s "reports/gate/$f" ] || fail "the merge wrote no $f"; done
grep -q '| r42 |' reports/gate/history.md || fail "the history does not label the run with BDS_RELEASE: $(head -12 reports/gate/history.md)"

# With a baseline (the merged report as the last accepted one), the merge writes the diff too and publishes it to
# GitHub's step summary; the same run against itself: no MUST check newly fails.
code=0
BDS_BASELINE=reports/gate/report.json GITHUB_STEP_SUMMARY=$work/step-summary.md \
  "$gate" --merge reports/again reports/shard-1 reports/shard-2 >again.log 2>&1 || code=$?
[ "$code" = 0 ] || fail "merge with a baseline exited $code: $(tail -20 again.log)"
for f in diff.md diff.html diff.json; do [ -s "reports/again/$f" ] || fail "merge with a baseline wrote no $f"; done
grep -q "Conformance diff: ✅ no MUST check newly fails" reports/again/diff.md || fail "diff.md: $(head -3 reports/again/diff.md)"
grep -q "Conformance diff" step-summary.md || fail "diff.md was not published to GITHUB_STEP_SUMMARY"
[ "$(runs_in_history)" = 2 ] || fail "the second merge was not appended to the history"

code=0
BDS_BASELINE=missing.json "$gate" target.json reports/x >baseline.log 2>&1 || code=$?
[ "$code" = 2 ] || fail "a missing baseline exited $code"
grep -q "BDS_BASELINE is missing.json, which does not exist" baseline.log || fail "no clear message: $(cat baseline.log)"
# Ended as CI ends a job: SIGTERM to the script alone, then to its whole process group (setsid: a group of its own).
# Either way the run gets it once (a second one later would skip its clean-up), and the script outlives it to publish
# its reports with the verdict interrupted and the shell's code for SIGTERM.
for to in script group; do
  setsid "$gate" target.json "reports/cut-$to" >"cut-$to.log" 2>&1 &
  pid=$!
  sleep 3
  if [ "$to" = script ]; then kill -TERM "$pid"; else kill -TERM -- "-$pid"; fi
  code=0
  wait "$pid" || code=$?
  [ "$code" = 143 ] || fail "SIGTERM to the $to: exit $code: $(tail -20 "cut-$to.log")"
  grep -q '"verdict": "interrupted"' "reports/cut-$to/report.json" || fail "SIGTERM to the $to: no interrupted verdict"
  grep -q "second signal" "reports/cut-$to/report.json" && fail "SIGTERM to the $to reached the run twice"
  grep -q "gate: reports in .*(exit 143)" "cut-$to.log" || fail "SIGTERM to the $to: the reports were not published"
  grep -q "gate: the run ended interrupted (exit 143): conformance clean --journal" "cut-$to.log" ||
    fail "SIGTERM to the $to: the gate did not clean up after the interrupted run: $(tail -5 "cut-$to.log")"
  tail -1 "reports/cut-$to/journal.jsonl" | grep -q '"clean_up":"done"' ||
    fail "SIGTERM to the $to: the journal does not say the clean-up finished: $(tail -1 "reports/cut-$to/journal.jsonl")"
done
# The interrupted runs are in the history too, as interrupted.
[ "$("$exe" history history.db --report json=- | grep -c '"verdict": "interrupted"')" = 2 ] ||
  fail "the interrupted runs are not in the history as interrupted"
echo "gate_test: two shards merged into one passing verdict; with a baseline the diff is written and published; a missing baseline is a configuration error; the history holds the merges and the interrupted runs; SIGTERM to the script or its group reaches the run once, and its journal is cleaned"
