#!/usr/bin/env bash
# The OpenAPI description as users' tools read it: a whole harness run against the reference stub through Prism's
# validation proxy (npm @stoplight/prism-cli, tools/validate), which checks every answer against spec/openapi.json.
# Every answer of a correct server must be one the description allows: no response violation. Request violations are
# expected (the harness sends requests without a token, malformed ones, and ones to resources not in the catalogue, on
# purpose) and are only counted.
#
#   openapi_under_prism_test.sh CONFORMANCE SOURCE_DIR
set -euo pipefail
conformance=$1
source_dir=$2
prism=$source_dir/tools/validate/node_modules/.bin/prism
[ -x "$prism" ] || { echo "prism not installed: run ci/setup.sh" >&2; exit 1; }
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "openapi_under_prism_test: $*" >&2; exit 1; }
# Node.js is here whenever Prism is (ci/setup.sh installs both); a port it held a moment ago is free for Prism.
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

# The stub with a short token lifetime, as the bundled stub of `conformance run` has, so that AUTH-06 decides.
"$conformance" stub --port 0 --token-ttl 3 >"$dir/stub.url" 2>"$dir/stub.err" &
for _ in $(seq 100); do [ -s "$dir/stub.url" ] && break; sleep 0.1; done
stub_url=$(head -1 "$dir/stub.url")
[ -n "$stub_url" ] || fail "the stub did not start: $(cat "$dir/stub.err")"

port=$(free_port)
"$prism" proxy "$source_dir/spec/openapi.json" "$stub_url" --host 127.0.0.1 -p "$port" --errors false \
  >"$dir/prism.log" 2>&1 &
for _ in $(seq 300); do grep -q 'Prism is listening' "$dir/prism.log" && break; sleep 0.1; done
grep -q 'Prism is listening' "$dir/prism.log" || fail "Prism did not start: $(tail -20 "$dir/prism.log")"

# What Prism itself changes (Prism 5.16), so that the run leaves three checks out:
#  - a body that is not JSON under Content-Type application/json (ROB-01, ROB-08): Prism never answers it; the
#    harness waits for its timeout;
#  - a body that is a JSON string holding an array (ROB-02): Prism forwards the string's content, so the stub
#    receives, and stores, the array itself.
# It also forwards query strings encoded its own way (a space sent as %20 reaches the stub as +, which a query may use
# for a space) and adds an sl-violations header to answers it finds invalid: no verdict changes for these. Every other
# check passes through Prism as against the stub directly; a check that failed only here would be Prism's doing, or
# the description's, and the run's output below names it.
code=0
"$conformance" run --base-url "http://127.0.0.1:$port" --seed 5 --exclude ROB-01,ROB-02,ROB-08 \
  --report "json=$dir/report.json" >"$dir/run.out" 2>&1 || code=$?
[ "$code" = 0 ] || fail "the run through Prism did not pass (exit $code): $(grep -E 'FAIL|ERROR|verdict' "$dir/run.out" | head -20)"

grep -c 'Violation: request' "$dir/prism.log" | sed 's/^/request violations (expected, counted only): /'
if grep -q 'Violation: response' "$dir/prism.log"; then
  grep 'Violation: response' "$dir/prism.log" | sed 's/.*Violation/Violation/' | sort | uniq -c | sort -rn | head -20 >&2
  fail "answers of the reference stub that spec/openapi.json does not allow (above)"
fi
answers=$(grep -c 'Received forward response' "$dir/prism.log" || true)
[ "$answers" -gt 1000 ] || fail "Prism saw only $answers requests: the run did not go through it"
echo "openapi_under_prism_test: $answers requests through Prism, no response violation"
