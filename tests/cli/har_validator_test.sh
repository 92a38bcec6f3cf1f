#!/usr/bin/env bash
# A HAR report of a real run, read by har-validator: `conformance run` against the bundled stub on two suites (one
# sends multi-megabyte bodies, cut in the HAR) with --report har=FILE, then tools/validate/har.mjs on the file; a
# file that is not HAR 1.2 must fail it. Usage: har_validator_test.sh CONFORMANCE NODE HAR_MJS
set -euo pipefail
exe=$1 node=$2 check=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "har_validator_test: $*" >&2; exit 1; }

code=0
"$exe" run --suite auth,robustness --seed 1 --cases 3 --report "har=$work/run.har" >"$work/out.txt" 2>&1 || code=$?
[ "$code" -le 1 ] || fail "the run ended with $code: $(tail -20 "$work/out.txt")"
[ -s "$work/run.har" ] || fail "no HAR file written"
"$node" "$check" "$work/run.har" || fail "har-validator refused the HAR"

# The validator must be able to refuse: a HAR whose entry lacks its response.
"$node" -e 'const fs=require("fs");const d=JSON.parse(fs.readFileSync(process.argv[1]));delete d.log.entries[0].response;fs.writeFileSync(process.argv[2],JSON.stringify(d))' \
  "$work/run.har" "$work/broken.har"
if "$node" "$check" "$work/broken.har" 2>/dev/null; then fail "har-validator accepted an entry without a response"; fi
echo "har_validator_test: passed"
