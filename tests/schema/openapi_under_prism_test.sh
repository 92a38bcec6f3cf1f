#!/usr/bin/env bash
# The OpenAPI description as users' tools read it: the harness run against the reference stub through Prism's
# validation proxy (npm @stoplight/prism-cli, tools/validate), which checks every answer against the description.
#
#   openapi_under_prism_test.sh CONFORMANCE SOURCE_DIR [DESCRIPTION [DEFECT...]]
#
# DESCRIPTION: spec/openapi.json unless given. DEFECTS: stub defects (src/stub/variation/defect_table.cpp) that break
# the shape of an answer's body where the description sees it (default: the three below).
#
# 1. The faithful stub, a whole run: every answer of a correct server must be one the description allows, so no
#    response violation. Request violations are expected (the harness sends malformed bodies, requests without a
#    token and ones to resources not in the catalogue, on purpose) and are only counted; the request-body ones among
#    them are the proof that Prism validates bodies at all: Prism silently skips a body whose schema Ajv cannot
#    compile (tools/validate/prism_compile.mjs), and then reports none.
# 2. Each defect, a short run of the checks that read what it breaks: Prism must report a response body violation.
#    Without it, an answer the description forbids went through unseen, and the faithful run proves nothing.
set -euo pipefail
conformance=$1
source_dir=$2
description=${3:-$source_dir/spec/openapi.json}
shift $(($# < 3 ? $# : 3))
defects=("$@")
# A list or feed page with no row answering TotalRowsCount null; a feed without TotalRowsCount. Each is caught by the
# harness too (docs/bug-taxonomy.md); each body breaks RecordList.
[ ${#defects[@]} -gt 0 ] || defects=(total-null-on-empty-page feed-total-missing)
# The checks each defect's bad answers show up in (a short run; `conformance list` names what they verify).
declare -A checks=([total-null-on-empty-page]=PAG-01 [feed-total-missing]=SCH-01,CHG-01 [id-as-string]=SYN-01)

prism=$source_dir/tools/validate/node_modules/.bin/prism
[ -x "$prism" ] || { echo "prism not installed: run ci/setup.sh" >&2; exit 1; }
[ -r "$description" ] || { echo "no description $description" >&2; exit 1; }
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "openapi_under_prism_test: $*" >&2; exit 1; }
# Node.js is here whenever Prism is (ci/setup.sh installs both); a port it held a moment ago is free for Prism.
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

# Starts a stub (ARGS...) and Prism in front of it, logging to $dir/$name.*; sets prism_url.
start() {
  local name=$1
  shift
  # A short token lifetime, as the bundled stub of `conformance run` has, so that AUTH-06 decides.
  "$conformance" stub --port 0 --token-ttl 3 "$@" >"$dir/$name.url" 2>"$dir/$name.err" &
  for _ in $(seq 100); do [ -s "$dir/$name.url" ] && break; sleep 0.1; done
  local stub_url
  stub_url=$(head -1 "$dir/$name.url")
  [ -n "$stub_url" ] || fail "the stub ($name) did not start: $(cat "$dir/$name.err")"
  local port
  port=$(free_port)
  "$prism" proxy "$description" "$stub_url" --host 127.0.0.1 -p "$port" --errors false >"$dir/$name.log" 2>&1 &
  for _ in $(seq 600); do grep -q 'Prism is listening' "$dir/$name.log" && break; sleep 0.1; done
  grep -q 'Prism is listening' "$dir/$name.log" || fail "Prism did not start ($name): $(tail -20 "$dir/$name.log")"
  prism_url=http://127.0.0.1:$port
}
# Response violations of a log, one line each: "Violation: response.body ... Response body ...".
response_violations() { grep 'Violation: response' "$1" | sed 's/.*Violation/Violation/' || true; }

# The defects' runs first, in the background beside the faithful run: each is short, and the machine has cores idle
# while the harness waits on Prism.
pids=()
for defect in "${defects[@]}"; do
  (
    start "$defect" --defect "$defect"
    "$conformance" run --base-url "$prism_url" --seed 5 --check "${checks[$defect]:-CHG-01,PAG-01}" \
      >"$dir/$defect.run" 2>&1 || true
    # Prism logs a violation as the answer passes: the run has ended, so every answer is in the log.
    kill $(jobs -p) 2>/dev/null || true
    wait 2>/dev/null || true
  ) &
  pids+=($!)
done

# What Prism itself changes (Prism 5.16), so that the faithful run leaves three checks out:
#  - a body that is not JSON under Content-Type application/json (ROB-01, ROB-08): Prism never answers it; the
#    harness waits for its timeout;
#  - a body that is a JSON string holding an array (ROB-02): Prism forwards the string's content, so the stub
#    receives, and stores, the array itself.
# It also forwards query strings encoded its own way (a space sent as %20 reaches the stub as +, which a query may use
# for a space) and adds an sl-violations header to answers it finds invalid: no verdict changes for these. Every other
# check passes through Prism as against the stub directly; a check that failed only here would be Prism's doing, or
# the description's, and the run's output below names it.
start faithful
code=0
"$conformance" run --base-url "$prism_url" --seed 5 --exclude ROB-01,ROB-02,ROB-08 \
  --report "json=$dir/report.json" >"$dir/faithful.run" 2>&1 || code=$?
wait "${pids[@]}" 2>/dev/null || true
[ "$code" = 0 ] || fail "the run through Prism did not pass (exit $code): $(grep -E 'FAIL|ERROR|verdict' "$dir/faithful.run" | head -20)"

log=$dir/faithful.log
answers=$(grep -c 'Received forward response' "$log" || true)
[ "$answers" -gt 1000 ] || fail "Prism saw only $answers requests: the run did not go through it"
grep -c 'Violation: request' "$log" | sed 's/^/request violations (expected, counted only): /'
if [ -n "$(response_violations "$log")" ]; then
  response_violations "$log" | sort | uniq -c | sort -rn | head -20 >&2
  fail "answers of the reference stub that $description does not allow (above)"
fi
# The proof that bodies were validated: the harness's malformed sync blocks (records missing required fields, values
# of the wrong type) meet request body violations. None: Prism did not validate the sync body (a schema it could not
# compile, or a description that does not describe it).
bodies=$(grep -c 'Violation: request.body' "$log" || true)
[ "$bodies" -gt 0 ] || fail "no request body violation among $answers requests: Prism validated no request body"
echo "openapi_under_prism_test: faithful stub: $answers requests through Prism, no response violation, $bodies request body violations (the harness's malformed blocks)"

# Each defect: at least one response body violation, named.
missed=()
for defect in "${defects[@]}"; do
  found=$(response_violations "$dir/$defect.log" | grep -c 'response.body' || true)
  verdict=$(grep -cE '^\s*FAIL' "$dir/$defect.run" || true)
  if [ "$found" -gt 0 ]; then
    echo "openapi_under_prism_test: defect $defect: $found response body violations, e.g. $(response_violations "$dir/$defect.log" | grep 'response.body' | head -1)"
  else
    missed+=("$defect")
    echo "openapi_under_prism_test: defect $defect: NO response body violation ($(grep -c 'Received forward response' "$dir/$defect.log" || true) answers; harness FAIL lines: $verdict)" >&2
  fi
done
[ ${#missed[@]} -eq 0 ] || fail "Prism let through the bodies of ${missed[*]}: it does not validate what $description describes"
