#!/usr/bin/env bash
# bench/profile/instructions_per_exec.sh PKG TARGET SEED [MASK_FILL]:
# instructions per execution of one cxxtest fuzz worker, counted by
# callgrind in the steady state (a full coverage mask, so no new coverage),
# as the difference between a 20,000- and a 120,000-execution run divided
# by 100,000. PKG and TARGET are from bench/targets/speed/cxxtest (e.g.
# `ini FuzzIni '[a]\nk=1'`). drive_worker.py plays the coordinator, because
# valgrind cannot follow the worker's execve of /proc/self/exe. Valgrind
# 3.19 cannot read clang 14's DWARF 5, so the binary is stripped of debug
# info first (function names stay).
#
# Environment: CXXTEST (default: build/bin/cxxtest), OUT (default: a temp
# dir; callgrind files are kept there for callgrind_annotate).
set -euo pipefail
pkg=$1 target=$2 seed=$3 fill=${4:-0xff}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cxxtest=${CXXTEST:-$root/build/bin/cxxtest}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
command -v valgrind >/dev/null || apt-get install -y valgrind >/dev/null
export CXXTESTCACHE=$out/cache
rm -rf "$out/mod" && cp -r "$root/bench/targets/speed/cxxtest" "$out/mod"
(cd "$out/mod" && "$cxxtest" -fuzz="^$target\$" -fuzztime=1000x -parallel=1 "./$pkg" >/dev/null 2>&1) ||
  { echo "building $pkg failed" >&2; exit 1; }
bin=$(ls -t "$out"/cache/build/*/fuzz/bin/"$pkg".test | head -1)
cp "$bin" "$out/$pkg.test" && strip --strip-debug "$out/$pkg.test"
read -r addr size < <(readelf -SW "$out/$pkg.test" | awk '/__sancov_cntrs/ {print $4, $6}')
a=$((16#$addr)) s=$((16#$size))
mask=$(( ((a + s + 7) & ~7) - (a & ~7) ))
declare -A ir
for n in 20000 120000; do
  cg=$out/callgrind.$pkg.$n
  python3 "$here/drive_worker.py" "$mask" "$n" "$seed" "$fill" -- valgrind --tool=callgrind --callgrind-out-file="$cg" \
    "$out/$pkg.test" -test.fuzz="^$target\$" -test.fuzzworker -test.parallel=1 -test.fuzzcachedir="$out/fc" 2>"$cg.log"
  ir[$n]=$(grep -o 'refs: *[0-9,]*' "$cg.log" | tr -dc 0-9)
done
echo "$pkg $target: $(( (ir[120000] - ir[20000]) / 100000 )) instructions per execution (callgrind files in $out)"
