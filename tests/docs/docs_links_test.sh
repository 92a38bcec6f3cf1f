#!/usr/bin/env bash
# The README and docs/ pages against the repository and the program (tools/validate/docs_links.mjs): every link and
# anchor, every `conformance ...` command line and option, every path named in code; README.md at most 150 lines.
#   docs_links_test.sh NODE SCRIPT CONFORMANCE SOURCE_DIR          the project's pages: no problem
#   docs_links_test.sh NODE SCRIPT CONFORMANCE SOURCE_DIR --bad    tests/docs/known_bad: each of its problems found
set -euo pipefail
node=$1 script=$2 bin=$3 source=$4
if [ "${5:-}" != --bad ]; then
  exec "$node" "$script" --conformance "$bin" --root "$source"
fi

# The check can fail: a page with one problem of each kind must be refused, each problem named.
out=$(mktemp)
trap 'rm -f "$out"' EXIT
rc=0
"$node" "$script" --conformance "$bin" --root "$source/tests/docs/known_bad" --repo "$source" --max-readme-lines 20 \
  >"$out" || rc=$?
cat "$out"
[ "$rc" -eq 1 ] || { echo "FAIL: the check exited $rc on known-bad pages, not 1"; exit 1; }
expected=(
  'README.md:5: link docs/no-such-page.md: no file'
  'README.md:6: link docs/page.md#no-such-section: no heading #no-such-section'
  'README.md:7: link reports/no-such-image.png: no file'
  'README.md:8: `conformance run --made-up-option`: not an option'
  'README.md:9: `conformance frobnicate`: no subcommand'
  'README.md:10: `--no-such-option`: no program of the repository takes this option'
  'README.md:11: no file or folder ci/no-such-script.sh'
  'README.md:14: `conformance diff --no-such-flag`: not an option'
  'README.md has 22 lines: at most 20'
  'docs/page.md:6: no file or folder src/no/such_file.hpp'
  'docs_links: 2 files, 10 problems'
)
for e in "${expected[@]}"; do
  grep -qF -- "$e" "$out" || { echo "FAIL: not reported: $e"; exit 1; }
done
echo "known-bad pages refused, each problem named"
