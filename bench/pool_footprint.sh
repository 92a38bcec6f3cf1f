#!/bin/bash
# What the runs of one key pool leave on a server (docs/architecture.md, "Footprint and key pools"): RUNS default runs
# with --key-pool against one `conformance stub` on a port, then the stub's rows counted, deleted ones included (GET
# resources' TotalRowsCount of every resource a sender writes, for each tenant's writer: the stub shows deleted rows,
# A-12 shown); tokens of 3 s, as the main job's stub, so that every check decides. Prints the rows after runs 1, 10, 100 and the last, and each as a multiple of run 1's.
# Usage: bench/pool_footprint.sh [RUNS] [CONFORMANCE]   (default 100 runs, build/conformance)
set -euo pipefail
runs=${1:-100}
bin=$(realpath "${2:-build/conformance}")
port=$((20000 + RANDOM % 20000))
dir=$(mktemp -d)
trap 'kill $stub 2>/dev/null || true; rm -rf "$dir"' EXIT
"$bin" stub --port "$port" --token-ttl 3 > "$dir/stub.log" 2>&1 &
stub=$!
sleep 1
cat > "$dir/target.json" <<JSON
{"base_url": "http://127.0.0.1:$port", "token": {"path": "/Token"},
 "users": {"writer": {"username": "writer", "password": "writer-pw"},
           "reader": {"username": "reader", "password": "reader-pw"},
           "other_tenant": {"username": "other_tenant", "password": "other-pw"},
           "limited": {"username": "limited", "password": "limited-pw",
                       "resources": ["CliFor", "MCPArticoli", "MCPResources"]}},
 "query": {"RecordSelection": "\$RecordSelection", "PageSize": "\$PageSize", "PageNumber": "\$PageNumber",
           "OrderBy": [{"field": "\$OrderField", "desc": "\$OrderDescending"}]}}
JSON
count_rows() {
  python3 - "$port" <<'PY'
import json, sys, urllib.request, urllib.parse
base = "http://127.0.0.1:" + sys.argv[1]
resources = ["StoricoDocumentiT", "StoricoDocumentiR", "CodiciDocumento", "Articoli", "Famiglia", "Sottofamiglia",
             "MarcaArticoli", "CliFor", "MacroCategClifor", "CategClifor", "CondPagam", "AliquoteIva", "StatiEsteri"]
total = 0
for user, password in (("writer", "writer-pw"), ("other_tenant", "other-pw")):
    body = urllib.parse.urlencode({"grant_type": "password", "username": user, "password": password}).encode()
    token = json.load(urllib.request.urlopen(base + "/Token", body))["access_token"]
    for r in resources:
        req = urllib.request.Request(base + "/api/resources/" + r + "?PageSize=1&PageNumber=1",
                                     headers={"Authorization": "Bearer " + token})
        try:
            doc = json.load(urllib.request.urlopen(req))
        except urllib.error.HTTPError:
            continue
        total += int(doc.get("TotalRowsCount", 0)) if isinstance(doc, dict) else 0
print(total)
PY
}
base=$(count_rows)
first=0
for n in $(seq 1 "$runs"); do
  (cd "$dir" && "$bin" run --target target.json --key-pool bench --report json=run.json > run.out 2>&1) ||
    { echo "run $n: exit $?"; tail -5 "$dir/run.out"; }
  if [ "$n" = 1 ] || [ "$n" = 10 ] || [ "$n" = 100 ] || [ "$n" = "$runs" ]; then
    rows=$(( $(count_rows) - base ))
    [ "$n" = 1 ] && first=$rows
    written=$(python3 -c "import json; d=json.load(open('$dir/run.json')); print(d['records_written'], d['verdict'])")
    echo "after run $n: $rows rows ($(python3 -c "print(f'{$rows/$first:.3f}')")× run 1); this run: records written, verdict: $written"
  fi
done
