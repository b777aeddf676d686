#!/usr/bin/env bash
# setup.sh: installs what cxxtest needs on Debian 12 (as root, with apt-get)
# and builds cxxtest into build/. Safe to run again: it installs only what is
# missing and ninja rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")"

packages=(
  clang llvm llvm-14-dev libclang-14-dev libclang-cpp14-dev libclang-rt-14-dev
  cmake ninja-build pkg-config libtomlplusplus-dev doctest-dev nlohmann-json3-dev libre2-dev
  make autoconf automake libtool meson zlib1g-dev gotestsum clang-format
  afl++ zip unzip
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup.sh: installing ${missing[*]}" >&2
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
ninja -C build
