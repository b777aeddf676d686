# engines.sh: how bench/run and bench/find build and run each engine
# (sourced). Every *_rate function runs one fuzzing session and prints its
# executions per second, or nothing if the engine failed; its log is kept in
# the run directory for the report's "why".
#
# Fairness rules, the same for all three engines:
#  - C++ is compiled -g -O1 (cxxtest's default and libFuzzer's documented
#    recommendation); Go with its defaults.
#  - each session starts from the seed inputs only (caches and corpus
#    directories are emptied first);
#  - builds happen before the clock starts (a warm-up run for cxxtest and Go).

cxx_flags=(-std=c++20 -g -O1)

# lf_build OUT INCLUDE_DIR SANITIZERS SRC...: a libFuzzer binary; SANITIZERS is
# "fuzzer" or "fuzzer,address".
lf_build() {
  local out=$1 inc=$2 san=$3; shift 3
  clang++ "${cxx_flags[@]}" -fsanitize="$san" -I "$inc" "$@" -o "$out"
}

# progress_rate LOG: the steady execution rate from Go-style progress lines
# (`execs: N (R/sec)`), as cxxtest and `go test -fuzz` print them. Each line
# gives the executions since the previous line and their rate, so the
# interval is delta/R; the result is all executions over all intervals
# (the baseline-coverage phase, which has no execs line, is left out).
progress_rate() {
  sed -n 's/.*execs: \([0-9]*\)[^(]*(\([0-9.]*\)\/sec).*/\1 \2/p' "$1" |
    awk '{ d = $1 - prev; prev = $1; if ($2 > 0 && d > 0) { n += d; t += d / $2 } }
         END { if (t > 0) printf "%.0f\n", n / t }'
}

# progress_total LOG: the last `total: N` of a Go-style progress log.
progress_total() { sed -n 's/.*(total: \([0-9]*\)).*/\1/p' "$1" | tail -1; }

# lf_units LOG...: the sum of stat::number_of_executed_units over the logs.
lf_units() {
  cat "$@" 2>/dev/null | sed -n 's/^stat::number_of_executed_units: *//p' |
    awk '{ n += $1 } END { if (NR) print n }'
}

# lf_rate BIN SEEDS SECS WORKERS RUNDIR: libFuzzer's total executions per
# second (all workers), counted by its final stats over the wall time.
# WORKERS > 1 uses -jobs=N -workers=N sharing one corpus directory.
lf_rate() {
  local bin=$1 seeds=$2 secs=$3 workers=$4 dir=$5
  rm -rf "$dir" && mkdir -p "$dir/corpus" && cp "$seeds"/* "$dir/corpus/"
  local args=(-max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$dir/")
  [ "$workers" -gt 1 ] && args+=(-jobs="$workers" -workers="$workers")
  local t0; t0=$(now_ns)
  (cd "$dir" && "$bin" "${args[@]}" corpus >"$dir/log" 2>&1) || return 0
  local wall units
  wall=$(seconds_since "$t0")
  if [ "$workers" -gt 1 ]; then units=$(lf_units "$dir"/fuzz-*.log); else units=$(lf_units "$dir/log"); fi
  [ -n "$units" ] && awk -v n="$units" -v t="$wall" 'BEGIN { printf "%.0f\n", n / t }'
}

# go_rate PKGDIR FUZZ SECS PARALLEL RUNDIR: `go test -fuzz` executions per
# second from its progress lines. The generated corpus in $GOCACHE/fuzz is
# removed first.
go_rate() {
  local pkg=$1 fuzz=$2 secs=$3 par=$4 dir=$5
  rm -rf "$dir" "$GOCACHE/fuzz" && mkdir -p "$dir"
  (cd "$pkg" && go test -fuzz="^$fuzz\$" -fuzztime="${secs}s" -parallel="$par" . >"$dir/log" 2>&1) || return 0
  progress_rate "$dir/log"
}

# cx_rate MODDIR PKG FUZZ SECS PARALLEL RUNDIR: `cxxtest -fuzz` executions
# per second from its progress lines; the generated corpus is removed first.
cx_rate() {
  local mod=$1 pkg=$2 fuzz=$3 secs=$4 par=$5 dir=$6
  rm -rf "$dir" "$CXXTESTCACHE/fuzz" && mkdir -p "$dir"
  (cd "$mod" && "$cxxtest" -fuzz="^$fuzz\$" -fuzztime="${secs}s" -parallel="$par" "./$pkg" >"$dir/log" 2>&1) || return 0
  progress_rate "$dir/log"
}

# cx_probe MODDIR PKG FUZZ LOG: whether `cxxtest -fuzz` works at all; on
# failure prints a one-line reason (the first error line of its output).
cx_probe() {
  local mod=$1 pkg=$2 fuzz=$3 log=$4
  rm -rf "$CXXTESTCACHE/fuzz"
  if (cd "$mod" && timeout 300 "$cxxtest" -fuzz="^$fuzz\$" -fuzztime=2s -parallel=1 "./$pkg" >"$log" 2>&1) &&
    grep -q 'execs: [0-9]' "$log"; then
    return 0
  fi
  local why
  why=$(grep -m1 -E 'undefined reference|error|unknown|not (implemented|supported)' "$log" | sed 's/^.*: \(undefined reference\)/\1/' | cut -c1-120)
  echo "cxxtest -fuzz does not run yet (${why:-no progress lines: $(tail -1 "$log" | cut -c1-80)})"
  return 1
}
