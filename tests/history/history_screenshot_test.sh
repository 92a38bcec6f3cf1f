#!/usr/bin/env bash
# The history's HTML page as a browser renders it: ci/report-screenshot.sh (headless Chromium) finds its timeline
# and its grid with cells, and writes a PNG that is one and is not blank; the same page with its grid cut out must be
# refused (the check can fail).
#   history_screenshot_test.sh HISTORY_HTML_SAMPLE_EXE REPORT_SCREENSHOT_SH
set -euo pipefail
sample=$1 screenshot=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "history_screenshot_test: $*" >&2; exit 1; }

"$sample" "$work/history.html"
bash "$screenshot" "$work/history.html" "$work/history.png" 1400x1200 || fail "the page was refused"
[ -s "$work/history.png" ] || fail "no PNG written"
magic=$(od -An -tx1 -N8 "$work/history.png" | tr -d ' \n')
[ "$magic" = 89504e470d0a1a0a ] || fail "not a PNG (first bytes $magic)"
# A blank 1400×1200 page compresses to a few KB; the coloured grid and text of this one to far more.
bytes=$(stat -c %s "$work/history.png")
[ "$bytes" -gt 40000 ] || fail "the PNG looks blank ($bytes bytes)"

# The page without its grid's section (from its opening line to the section's end): refused, and said why.
sed '/<section id="grid">/,/<\/section>/d' "$work/history.html" >"$work/no-grid.html"
! grep -q 'id="grid"' "$work/no-grid.html" || fail "the grid was not cut out of the page"
if bash "$screenshot" "$work/no-grid.html" "$work/no-grid.png" 1400x1200 2>"$work/no-grid.err"; then
  fail "a page without its grid was accepted"
fi
grep -q 'has no id="grid"' "$work/no-grid.err" || fail "refused, but not for its grid: $(cat "$work/no-grid.err")"

# The grid's section kept but emptied of its cells: refused too.
sed '/<section id="grid">/,/<\/section>/{/<rect class="cell /d}' "$work/history.html" >"$work/no-cells.html"
if bash "$screenshot" "$work/no-cells.html" "$work/no-cells.png" 1400x1200 2>"$work/no-cells.err"; then
  fail "a grid without cells was accepted"
fi
grep -q 'grid has no cell' "$work/no-cells.err" || fail "refused, but not for its cells: $(cat "$work/no-cells.err")"
echo "history_screenshot_test: the page renders ($bytes bytes of PNG); without its grid or its cells it is refused"
