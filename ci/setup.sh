#!/usr/bin/env bash
# Installs what bds-conformance needs on Debian 12, only what is missing (idempotent; as root, or through sudo):
#   ci/setup.sh          to build and test: the Debian packages the build needs and the npm validators the tests use
#   ci/setup.sh build    to build and run the program only (ci/demo.sh, ci/gate.sh): no Node.js, no test libraries
#   ci/setup.sh fuzz     also clang for the libFuzzer targets (ci/fuzz.sh, bench/fuzz.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-test}

packages=(build-essential cmake ninja-build pkg-config
          libcpp-httplib-dev libssl-dev nlohmann-json3-dev librapidcheck-dev libvalijson-dev libcli11-dev libjemalloc-dev
          libsqlite3-dev)
if [ "$mode" != build ]; then
  packages+=(git libgtest-dev libexpat1-dev chromium)
  # clang-format holds every source file to .clang-format (the ctest format_check).
  packages+=(clang-format)
  # PostgreSQL judges the RecordSelection oracle beside SQLite (tests/selection/engines_test.cpp starts its own cluster).
  packages+=(postgresql libpq-dev)
  # MariaDB judges it too, and runs under the stub as a vendor's database would (tests start their own server).
  packages+=(mariadb-server libmariadb-dev)
  # Node.js runs the independent validators; any installed node/npm will do (Debian's, or another).
  command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
fi
[ "$mode" = fuzz ] && packages+=(clang-16 libclang-rt-16-dev llvm-16)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$mode" != build ] && { [ ! -d tools/validate/node_modules ] || [ tools/validate/package-lock.json -nt tools/validate/node_modules ]; }; then
  echo "setup: installing the npm validators (tools/validate)"
  npm ci --prefix tools/validate --no-audit --no-fund --loglevel=error >/dev/null
fi
