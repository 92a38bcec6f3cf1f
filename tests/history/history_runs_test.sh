#!/usr/bin/env bash
# A run history made by eight runs against the bundled stub, as nightly runs of two releases would make it:
# release 2.3.0 faithful; release 2.4.0 with a defect shown on half of the requests (total-cached: the count right
# after a block, 000 §4.4) and one choice flipped (A-60: fields left out of an upsert keep their values), rerun on
# failure; its last two runs append at once. Then `conformance history` must say: the defect's check and statements
# flaky with their pass rates, the flipped choice in the behaviour map from the first 2.4.0 run, every run recorded,
# and its HTML page renders in Chromium with its grid (ci/report-screenshot.sh).
#
#   history_runs_test.sh CONFORMANCE SOURCE_DIR
set -euo pipefail
exe=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "history_runs_test: $*" >&2; exit 1; }
cd "$work"

# --jobs 1: the stub draws the defect per request, so that a seed gives one order of requests and one outcome.
common=(run --suite sync --cases 5 --jobs 1 --stub-token-ttl 3600 --history history.db)
second=(--release 2.4.0 --stub-choose A-60=merge --stub-defect total-cached --stub-defect-rate 0.5 --rerun-failures 2)
run_one() {  # SEED ARGS...: a run, whose verdict may be pass or fail (the defect), never anything else
  local seed=$1 code=0
  shift
  "$exe" "${common[@]}" --seed "$seed" "$@" >"run-$seed.out" 2>"run-$seed.log" || code=$?
  [ "$code" = 0 ] || [ "$code" = 1 ] || fail "run $seed exited $code: $(tail -5 "run-$seed.log")"
}
for seed in 1 2 3; do run_one "$seed" --release 2.3.0; done
for seed in 4 5 6; do run_one "$seed" "${second[@]}"; done
run_one 7 "${second[@]}" &
first=$!
run_one 8 "${second[@]}" &
wait "$first" || fail "run 7 failed"
wait $! || fail "run 8 failed"

"$exe" history history.db --report json=history.json --report html=history.html --report md=history.md ||
  fail "conformance history exited $?"
node - history.json <<'JS' || fail "the history does not say what the runs did: $(head -40 history.md)"
const fs = require("fs");
const h = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const problems = [];
const expect = (ok, what) => { if (!ok) problems.push(what); };
expect(h.runs.length === 8, `8 runs recorded, found ${h.runs.length}`);
expect(new Set(h.runs.map(r => r.seed)).size === 8, "both concurrent runs recorded");
const firstSecond = h.runs.find(r => r.release === "2.4.0");
expect(firstSecond && h.runs.filter(r => r.release === "2.3.0").length === 3, "three runs of 2.3.0, then 2.4.0");
const track = (list, id) => list.find(t => t.id === id) || {};
const syn = track(h.checks, "SYN-15");
expect(syn.flaky === true, `SYN-15 flaky (${JSON.stringify(syn.runs)})`);
expect(syn.pass_rate > 0 && syn.pass_rate < 1, `SYN-15's pass rate between 0 and 1, found ${syn.pass_rate}`);
expect(syn.first_failed_run >= firstSecond.id, "SYN-15 first failed in a 2.4.0 run");
for (const id of ["000-4.4-check", "000-4.4-success"]) {
  const s = track(h.statements, id);
  expect(s.flaky === true && s.pass_rate > 0 && s.pass_rate < 1, `${id} flaky with a pass rate below 1: ${JSON.stringify(s)}`);
}
expect(!h.statements.some(s => s.flaky && !["000-4.4-check", "000-4.4-success", "000-4.1-response-200"].includes(s.id)),
       "no other statement flaky: " + h.statements.filter(s => s.flaky).map(s => s.id).join(", "));
const merged = h.behaviour.filter(b => b.check === "SYN-04" && /\(merge\)/.test(b.text));
expect(merged.length === 1 && merged[0].first_run === firstSecond.id,
       `the flipped choice A-60 in the behaviour map from run #${firstSecond.id}: ${JSON.stringify(merged)}`);
const replaced = h.behaviour.filter(b => b.check === "SYN-04" && /\(replace\)/.test(b.text));
expect(replaced.length === 1 && replaced[0].last_run < firstSecond.id, "A-60's old behaviour last seen in 2.3.0");
expect(h.timing.some(t => t.suite === "sync" && t.ms_per_request.every(v => v > 0)), "time per request of every run");
if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
JS
grep -q "SYN-15 | MUST | flaky" history.md || fail "the Markdown lists SYN-15 without flaky: $(grep SYN-15 history.md)"
bash "$src/ci/report-screenshot.sh" history.html history.png 1400x1800 >screenshot.log 2>&1 ||
  fail "the history page does not render with its grid: $(cat screenshot.log)"
[ -n "${BDS_HISTORY_SCREENSHOT:-}" ] && cp history.png "$BDS_HISTORY_SCREENSHOT"
echo "history_runs_test: 8 runs of two releases recorded (two at once); SYN-15 and its statements flaky with their pass rates; A-60's flip from the first 2.4.0 run; the page renders in Chromium with its grid"
