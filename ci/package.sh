#!/usr/bin/env bash
# The Debian package, as its users get it: builds it (cpack, in build/), installs it with apt, runs the embedded
# suite with the demo data from the installed files, and removes it again, checking nothing is left behind. Needs
# root or sudo. Prints the package's name and dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh build
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
fail() { echo "package: $*" >&2; exit 1; }

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBDS_BUILD_TESTS=OFF >/dev/null
cmake --build build -j "$(nproc)" --target conformance
rm -f build/bds-conformance_*.deb
(cd build && cpack -G DEB >/dev/null)
deb=$(ls build/bds-conformance_*.deb)
echo "package: $deb"
dpkg-deb --field "$deb" Package Version Architecture Depends

dpkg-query -W bds-conformance >/dev/null 2>&1 && fail "bds-conformance is already installed: remove it first"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "./$deb" >/dev/null
trap 'DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq bds-conformance >/dev/null 2>&1 || true' EXIT
[ "$(command -v conformance)" = /usr/bin/conformance ] || fail "conformance is not /usr/bin/conformance"
conformance --version
share=/usr/share/bds-conformance
for f in spec/catalogue.json spec/openapi.json spec/openapi.per-resource.json fixtures/users.json templates/github-actions.yml gate.sh; do
  [ -e "$share/$f" ] || fail "$share/$f is missing"
done
work=$(mktemp -d)
code=0
(cd "$work" && conformance run --stub-data "$share/fixtures/demo" --report "json=$work/report.json" >"$work/run.log" 2>&1) || code=$?
[ "$code" = 0 ] || fail "the installed program's run against its stub exited $code: $(tail -5 "$work/run.log")"
grep -q '"verdict": *"pass"' "$work/report.json" || fail "no passing verdict in the report"
tail -2 "$work/run.log"
rm -rf "$work"

DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq bds-conformance >/dev/null
trap - EXIT
[ ! -e /usr/bin/conformance ] && [ ! -e "$share" ] || fail "files left behind after removal"
echo "package: installed, ran the embedded suite (verdict pass) and removed cleanly"
