#!/usr/bin/env bash
# `conformance certify` end to end from the command line: a connector given as a command (passes, and fails on a
# defect with the failing check in every report), a usage error, and a connector started by hand (--port).
set -euo pipefail
conformance=$1
sample=$2
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "certify_cli_test: $*" >&2; exit 1; }
connector=("$sample" --url {base_url} --user {username} --password {password} --resource {resource} --mode {mode} --input {input})

"$conformance" certify --seed 4 --scenario delivery --resource CliFor --records 30 \
  --report "html=$dir/ok.html" --report "junit=$dir/ok.xml" --report "json=$dir/ok.json" --report "md=$dir/ok.md" \
  -- "${connector[@]}" >"$dir/ok.out" 2>&1 || fail "the sample connector did not pass: $(tail -5 "$dir/ok.out")"
for f in ok.html ok.xml ok.json ok.md; do [ -s "$dir/$f" ] || fail "no report $f"; done
grep -q 'CON-11' "$dir/ok.html" || fail "the certificate does not list CON-11"
grep -q '"verdict": *"pass"' "$dir/ok.json" || fail "the JSON report's verdict is not pass"

code=0
"$conformance" certify --seed 4 --scenario delivery --resource CliFor --report "junit=$dir/bad.xml" --records 30 \
  -- "${connector[@]}" --defect no-charset >"$dir/bad.out" 2>&1 || code=$?
[ "$code" = 1 ] || fail "a connector without charset: exit $code, expected 1"
grep -q 'CON-02' "$dir/bad.xml" && grep -q '<failure' "$dir/bad.xml" || fail "the JUnit report does not fail CON-02"

code=0
"$conformance" certify --scenario delivery >"$dir/usage.out" 2>&1 || code=$?
[ "$code" = 2 ] || fail "no command and no --port: exit $code, expected 2"

# Started by hand: the harness prints where to point the connector and waits for Enter. Port 0: the harness takes a
# free port and prints it (a port chosen here could be taken by a parallel test before the harness binds it).
mkfifo "$dir/stdin"
"$conformance" certify --port 0 --scenario delivery --resource CliFor --records 20 --report "json=$dir/port.json" \
  <"$dir/stdin" >"$dir/port.out" 2>&1 &
exec 3>"$dir/stdin"
for _ in $(seq 100); do grep -q 'press Enter' "$dir/port.out" && break; sleep 0.1; done
password=$(awk '$1 == "password" {print $2}' "$dir/port.out")
base_url=$(awk '$1 == "base_url" {print $2}' "$dir/port.out")
input=$(awk '/records to deliver/ {print $NF}' "$dir/port.out")
"$sample" --url "$base_url" --user connector --password "$password" --resource CliFor --mode push --input "$input" \
  >/dev/null || fail "the sample could not deliver to the port: $(cat "$dir/port.out")"
echo >&3
exec 3>&-
wait || fail "certify --port failed: $(tail -5 "$dir/port.out")"
grep -q '"verdict": *"pass"' "$dir/port.json" || fail "certify --port: not a pass"
grep -q "$password" "$dir/port.json" && fail "the password is in the report"
echo "certify_cli_test: ok"
