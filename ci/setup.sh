#!/usr/bin/env bash
# Installs what bds-conformance needs on Debian 12: the Debian packages of DESIGN.md, and the npm
# validators the tests use. Idempotent: installs only what is missing. Runs as root, or through sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config git
          libcpp-httplib-dev libssl-dev nlohmann-json3-dev libgtest-dev librapidcheck-dev
          libvalijson-dev libcli11-dev libsqlite3-dev libexpat1-dev)
# `ci/setup.sh fuzz`: also clang for the libFuzzer targets (ci/fuzz.sh, bench/fuzz.sh).
[ "${1:-}" = fuzz ] && packages+=(clang-16 libclang-rt-16-dev llvm-16)
# Node.js runs the independent validators; any installed node/npm will do (Debian's, or another).
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

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

if [ ! -d tools/validate/node_modules ] || [ tools/validate/package-lock.json -nt tools/validate/node_modules ]; then
  echo "setup: installing the npm validators (tools/validate)"
  npm ci --prefix tools/validate --no-audit --no-fund --loglevel=error >/dev/null
fi
