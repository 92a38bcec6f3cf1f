#!/usr/bin/env bash
# Opens an HTML report in headless Chromium (Debian's package, installed when missing), checks that the page
# renders with its summary and its resources × capabilities matrix, and writes a screenshot.
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
for part in 'class="verdict' 'id="matrix"' 'class="matrix"'; do
  grep -q "$part" <<<"$dom" || { echo "report-screenshot: the rendered page has no $part" >&2; exit 1; }
done
chromium "${flags[@]}" --window-size="${size/x/,}" --screenshot="$(realpath -m "$out")" "file://$report" 2>/dev/null
[ -s "$out" ] || { echo "report-screenshot: no screenshot written" >&2; exit 1; }
echo "report-screenshot: $report renders with its matrix; screenshot in $out"
