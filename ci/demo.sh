#!/usr/bin/env bash
# The main job: installs what is missing, builds, starts the bundled reference stub in-process, runs every
# suite against it (with the demo data set loaded) and writes the reports: reports/latest.html (open it in a
# browser), reports/latest.md, reports/latest.json and reports/latest.junit.xml.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh build
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBDS_BUILD_TESTS=OFF >/dev/null
cmake --build build -j "$(nproc)" --target conformance
mkdir -p reports
build/conformance run --stub-data fixtures/demo --report html=reports/latest.html --report md=reports/latest.md \
  --report json=reports/latest.json --report junit=reports/latest.junit.xml "$@"
echo "demo: open reports/latest.html"
