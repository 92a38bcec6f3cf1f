#!/usr/bin/env bash
# The main job: installs what is missing, builds, starts the bundled reference stub in-process, runs every
# suite against it (with the demo data set loaded) and writes the run as JSON to reports/latest.json.
# The HTML and Markdown reports come with issue 6 ("Reports and CI gates").
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
mkdir -p reports
build/conformance run --stub-data fixtures/demo --report json=reports/latest.json "$@"
