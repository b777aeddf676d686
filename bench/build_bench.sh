#!/usr/bin/env bash
# build_bench.sh: build speed of cxxtest on a generated module of 20
# packages (each package includes the previous one's header), against ninja
# run directly on the build.ninja cxxtest generated for the same tree.
#
# Usage: bench/build_bench.sh [path/to/cxxtest] [runs]
# Prints a Markdown table of median wall times and ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cxxtest=${1:-$here/../build/bin/cxxtest}
runs=${2:-11}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CXXTESTCACHE=$work/cache
mod=$work/mod

# --- the module -----------------------------------------------------------
mkdir -p "$mod"
printf '[module]\nname = "bench.example/m"\n' > "$mod/cxxtest.toml"
for i in $(seq -w 1 20); do
  p=$mod/p$i
  mkdir -p "$p"
  prev=$((10#$i - 1))
  {
    echo "#pragma once"
    echo "int f$i(int x);"
  } > "$p/p$i.h"
  {
    echo "#include \"p$i/p$i.h\""
    if [ "$prev" -gt 0 ]; then
      printf '#include "p%02d/p%02d.h"\n' "$prev" "$prev"
      printf 'int f%s(int x) { return f%02d(x) + 1; }\n' "$i" "$prev"
    else
      echo "int f$i(int x) { return x + 1; }"
    fi
  } > "$p/p$i.cpp"
  cat > "$p/p${i}_test.cpp" <<CPP
#include <cxxtest/cxxtest.h>
#include "p$i/p$i.h"
void TestF$i(cxxtest::T& t) {
  if (f$i(0) != $((10#$i))) t.Errorf("f$i(0) = %d", f$i(0));
}
CPP
done

now_ns() { date +%s%N; }
# the wall time of running "$@" once, in microseconds
run_us() {
  local t0 t1
  t0=$(now_ns); "$@" >/dev/null 2>&1 || true; t1=$(now_ns)
  echo $(( (t1 - t0) / 1000 ))
}
# the median of $runs microsecond times on stdin, in ms with 2 decimals
median_of() { sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.2f", $1 / 1000 }'; }
# median of the wall times (ms, 2 decimals) of running "$@" $runs times
median_ms() {
  for _ in $(seq "$runs"); do run_us "$@"; done | median_of
}

cd "$mod"
t0=$(now_ns); "$cxxtest" ./... >/dev/null; t1=$(now_ns)
cold=$(awk -v d=$(( (t1 - t0) / 1000 )) 'BEGIN { printf "%.0f", d / 1000 }')
builddir=$(dirname "$(find "$CXXTESTCACHE/build" -name build.ninja | head -1)")

# The two no-op commands alternate, so a load change on this shared machine
# hits both medians alike.
noop_c=(); noop_n=()
for _ in $(seq "$runs"); do
  noop_c+=($(run_us "$cxxtest" ./...))
  noop_n+=($(run_us ninja -C "$builddir"))
done
noop_cxxtest=$(printf '%s\n' "${noop_c[@]}" | median_of)
noop_ninja=$(printf '%s\n' "${noop_n[@]}" | median_of)

# One-file rebuild: change p10.cpp's text, then build and run what changed.
edit_and() {
  local n=$RANDOM
  printf '#include "p10/p10.h"\n#include "p09/p09.h"\nint f10(int x) { return f09(x) + 1 + 0 * %d; }\n' "$n" > "$mod/p10/p10.cpp"
  "$@"
}
rebuild_cxxtest=$(median_ms edit_and "$cxxtest" ./...)
rebuild_ninja=$(median_ms edit_and ninja -C "$builddir")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
cat <<MD
| 20-package module ($runs runs, median; load $(cut -d' ' -f1 /proc/loadavg)) | cxxtest | ninja alone | cxxtest / ninja |
|---|---|---|---|
| cold build + test (cxxtest only) | ${cold} ms | | |
| no-op \`cxxtest ./...\` vs no-op \`ninja\` | ${noop_cxxtest} ms | ${noop_ninja} ms | $(ratio "$noop_cxxtest" "$noop_ninja") |
| one-file edit: rebuild (+ run for cxxtest) | ${rebuild_cxxtest} ms | ${rebuild_ninja} ms | $(ratio "$rebuild_cxxtest" "$rebuild_ninja") |
MD
