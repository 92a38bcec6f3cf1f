#!/usr/bin/env bash
# The main job: installs what is missing, builds, starts the bundled reference stub in-process, runs every
# suite against it and writes an HTML report (reports/latest.html) with a Markdown summary beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
mkdir -p reports
build/conformance run --report html=reports/latest.html --report md=reports/latest.md "$@"
