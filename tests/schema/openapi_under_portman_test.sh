#!/usr/bin/env bash
# The per-resource OpenAPI description (spec/openapi.per-resource.json) as a vendor's contract tester reads it:
# Portman (npm @apideck/portman, tools/validate) turns it into a Postman collection with contract tests (status 2xx,
# Content-Type, a JSON body, the body against exactly the operation's schema), and newman runs it against the
# reference stub. Every contract test must pass against the faithful stub, and there must be at least one per list
# path; under each defect named as an argument (one that breaks a body's shape), some contract test must fail.
# Portman's variation and fuzzing tests are not generated (tests/schema/portman-config.json).
#
#   openapi_under_portman_test.sh CONFORMANCE SOURCE_DIR [DEFECT...]
set -euo pipefail
conformance=$1
source_dir=$(cd "$2" && pwd)
shift 2
bin=$source_dir/tools/validate/node_modules/.bin
spec=$source_dir/spec/openapi.per-resource.json
for tool in portman newman; do
  [ -x "$bin/$tool" ] || { echo "$tool not installed: run ci/setup.sh" >&2; exit 1; }
done
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "openapi_under_portman_test: $*" >&2; exit 1; }
export NO_UPDATE_NOTIFIER=1 PORTMAN_TELEMETRY=false

stub_pid=
# Starts the stub on the demo data set (so that lists have rows to judge) with the given arguments and sets stub_url;
# a long token lifetime, as the run takes a while.
start_stub() {
  [ -z "$stub_pid" ] || { kill "$stub_pid"; wait "$stub_pid" 2>/dev/null || true; }
  : >"$dir/stub.url"
  "$conformance" stub --port 0 --token-ttl 600 --data "$source_dir/fixtures/demo" "$@" >"$dir/stub.url" 2>"$dir/stub.err" &
  stub_pid=$!
  for _ in $(seq 100); do [ -s "$dir/stub.url" ] && break; sleep 0.1; done
  stub_url=$(head -1 "$dir/stub.url")
  [ -n "$stub_url" ] || fail "the stub did not start: $(cat "$dir/stub.err")"
}

# A token of the demo user enabled for writing on every resource (fixtures/users.json), by POST /Token (000 §5).
token() {
  node -e '
    const body = new URLSearchParams({ grant_type: "password", username: "writer", password: "writer-pw" });
    fetch(process.argv[1] + "/Token", { method: "POST", body })
      .then((r) => r.json())
      .then((j) => console.log(j.access_token));' "$stub_url"
}

# Runs the collection against the stub; prints "passed failed" and keeps newman's JSON report as $dir/$1.json.
run_newman() {
  "$bin/newman" run "$dir/collection.json" --env-var "baseUrl=$stub_url" --env-var "bearerToken=$(token)" \
    --env-var username=writer --env-var password=writer-pw --reporters json --reporter-json-export "$dir/$1.json" \
    --timeout-request 20000 >"$dir/$1.out" 2>&1 || true
  [ -s "$dir/$1.json" ] || fail "newman wrote no report: $(tail -20 "$dir/$1.out")"
  node -e '
    const run = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).run;
    const a = run.stats.assertions;
    console.log(a.total - a.failed, a.failed);' "$dir/$1.json"
}

# The first $2 failed contract tests of a report, one line each: the test's name and the start of its message.
failures() {
  node -e '
    const run = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).run;
    for (const f of run.failures.slice(0, Number(process.argv[2])))
      console.log(`  ${f.error.test}: ${f.error.message.replace(/\s+/g, " ").slice(0, 200)}`);' "$dir/$1.json" "$2"
}

start_stub
# Portman leaves working files in ./tmp: it runs in the scratch directory.
(cd "$dir" && "$bin/portman" --local "$spec" --baseUrl "$stub_url" --portmanConfigFile "$source_dir/tests/schema/portman-config.json" \
  --output "$dir/collection.json" --collectionName bds-per-resource --warn false >"$dir/portman.out" 2>&1) \
  || fail "Portman did not convert the description: $(tail -20 "$dir/portman.out")"

started=$SECONDS
read -r passed failed < <(run_newman faithful)
echo "faithful stub: $passed contract tests passed, $failed failed ($((SECONDS - started)) s)"
if [ "$failed" != 0 ]; then
  failures faithful 30 >&2
  fail "contract tests generated from spec/openapi.per-resource.json fail against the faithful stub (above)"
fi
list_paths=$(node -e '
  const doc = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  let n = 0;
  for (const item of Object.values(doc.paths)) if (item.get && item.get.operationId !== "tokenInfo") n++;
  console.log(n);' "$spec")
schema_tests=$(node -e '
  const run = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).run;
  console.log(run.executions.flatMap((e) => e.assertions || []).filter((a) => /Schema is valid/.test(a.assertion)).length);' \
  "$dir/faithful.json")
[ "$schema_tests" -ge "$list_paths" ] \
  || fail "only $schema_tests schema tests for $list_paths list paths: Portman did not generate one per list"
# A schema test of an empty list proves nothing of the rows' schema: every list must have answered rows.
with_rows=$(node -e '
  const run = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).run;
  let n = 0;
  for (const e of run.executions) {
    if (!/^api\/(resources|sync)\//.test(e.request.url.path.join("/")) || e.request.method !== "GET") continue;
    if (!e.response || !e.response.stream) continue;
    let body;
    try { body = JSON.parse(Buffer.from(e.response.stream.data).toString("utf8")); } catch { continue; }
    const rows = Array.isArray(body) ? body : Object.values(body).find(Array.isArray);
    if (rows && rows.length > 0) n++;
  }
  console.log(n);' "$dir/faithful.json")
echo "faithful stub: $schema_tests schema tests for $list_paths list paths; $with_rows lists answered rows"
[ "$with_rows" -ge "$list_paths" ] || fail "only $with_rows of the $list_paths lists answered rows: their schema tests judged no row"

# Where the seeds leave a form open, every form is a correct server's (spec/assumptions.md): the description must allow
# each. TotalRowsCount in a header, on each row, as a string; the row array's name; decimals as strings, timestamps as
# integers.
for choices in A-07=header A-07=row,A-118=string A-80=Data,A-118=string,A-83=string,A-15=integer; do
  start_stub --choose "$choices"
  read -r passed failed < <(run_newman "choices-$choices")
  echo "faithful stub under $choices: $passed contract tests passed, $failed failed"
  if [ "$failed" != 0 ]; then
    failures "choices-$choices" 10 >&2
    fail "contract tests fail against the faithful stub under $choices, which the seeds allow (above)"
  fi
done

for defect in "$@"; do
  start_stub --defect "$defect"
  started=$SECONDS
  read -r passed failed < <(run_newman "$defect")
  echo "defect $defect: $passed contract tests passed, $failed failed ($((SECONDS - started)) s)"
  failures "$defect" 5
  [ "$failed" -gt 0 ] || fail "no contract test fails under the defect $defect, which breaks a body's shape"
done
echo "openapi_under_portman_test: passed"
