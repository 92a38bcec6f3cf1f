#!/usr/bin/env bash
# Opens an HTML report in headless Chromium (Debian's package, installed when missing), checks that the page
# renders with its parts, and writes a screenshot. A run's report must show its verdict, its resources ×
# capabilities matrix and its rules × endpoints matrix; a run history's page (`conformance history --report html=F`, known by its
# <meta name="generator" content="conformance history">) its timeline of verdicts and its grid of statements × runs
# with cells drawn in it.
#
#   ci/report-screenshot.sh REPORT.html OUT.png [WIDTHxHEIGHT]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: ci/report-screenshot.sh REPORT.html OUT.png [WIDTHxHEIGHT]" >&2; exit 2; }
report=$(realpath "$1"); out=$2; size=${3:-1400x1600}
if ! command -v chromium >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# No network here: without these flags Chromium keeps trying to reach its services.
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$profile")
dom=$(chromium "${flags[@]}" --dump-dom "file://$report" 2>/dev/null)
if grep -q '<meta name="generator" content="conformance history"' <<<"$dom"; then
  kind=history parts=('id="timeline"' 'class="timeline"' 'id="grid"' 'class="grid"')
else
  kind=run parts=('class="verdict' 'id="matrix"' 'class="matrix"' 'id="service-matrix"')
fi
for part in "${parts[@]}"; do
  grep -q "$part" <<<"$dom" || { echo "report-screenshot: the rendered page has no $part" >&2; exit 1; }
done
if [ "$kind" = history ]; then
  # The grid's section as rendered, from its opening tag to the section's end: it must hold cells.
  grid=$(sed -n '/<section id="grid">/,/<\/section>/p' <<<"$dom")
  grep -q '<rect class="cell ' <<<"$grid" || { echo "report-screenshot: the history's grid has no cell" >&2; exit 1; }
fi
chromium "${flags[@]}" --window-size="${size/x/,}" --screenshot="$(realpath -m "$out")" "file://$report" 2>/dev/null
[ -s "$out" ] || { echo "report-screenshot: no screenshot written" >&2; exit 1; }
if [ "$kind" = history ]; then
  echo "report-screenshot: $report renders with its timeline and grid; screenshot in $out"
else
  echo "report-screenshot: $report renders with its matrices; screenshot in $out"
fi
