# run_steps.sh: the measuring steps of bench/run (sourced). Each step stores
# its samples in V["row|...|engine"] (space-separated, one per run); the
# report takes medians. Uses the settings parse_args and setup made.

declare -A fuzz_of=([trivial]=FuzzTrivial [ini]=FuzzIni [words]=FuzzWords)
speed_module=bench.example/speed

# build_targets: every target for every engine, and a warm build for the
# engines that build on demand (Go, cxxtest), so no clock includes a build.
build_targets() {
  say "building targets"
  cp -r "$bench_dir/targets/speed" "$work/speed"
  local s=$work/speed t
  for t in trivial ini words; do
    lf_build "$work/bin/lf_$t" "$s/cxxtest" fuzzer "$s/libfuzzer/$t.cc" "$s/cxxtest/$t/$t.cpp" ||
      die "libFuzzer build of $t failed"
  done
  clang++ "${cxx_flags[@]}" -I "$s/cxxtest" "$s/loop/loop.cc" "$s"/cxxtest/{trivial/trivial,ini/ini,words/words}.cpp \
    -o "$work/bin/loop" || die "plain loop build failed"
  (cd "$bench_dir/tools/benchtool" && go build -o "$work/bin/benchtool" .) || die "benchtool build failed"
  for t in trivial ini words; do
    (cd "$s/go/$t" && go test -fuzz="^${fuzz_of[$t]}\$" -fuzztime=1x . >"$work/runs/go-warm-$t.log" 2>&1) ||
      die "go test -fuzz does not run on $t: $(tail -3 "$work/runs/go-warm-$t.log")"
  done
  probe_cxxtest
}

# probe_cxxtest: sets cx_ok=1 when `cxxtest -fuzz` runs (then warms the
# other targets' builds), else cx_reason; a failure only counts as one with
# --require-cxxtest.
probe_cxxtest() {
  local s=$work/speed t
  if cx_reason=$(cx_probe "$s/cxxtest" trivial FuzzTrivial "$work/runs/cx-probe.log"); then
    cx_ok=1
    for t in ini words; do
      (cd "$s/cxxtest" && "$cxxtest" -fuzz="^${fuzz_of[$t]}\$" -fuzztime=1s -parallel=1 "./$t" >"$work/runs/cx-warm-$t.log" 2>&1) ||
        { failures+=("cxxtest:warm-$t"); say "cxxtest -fuzz failed on $t"; }
    done
  else
    say "cxxtest rows not measured: $cx_reason"
    [ "$require_cx" = 1 ] && failures+=("cxxtest:probe")
  fi
  return 0
}

# one_rate TARGET WORKERS: one session of each engine on TARGET.
one_rate() {
  local t=$1 w=$2 d=$work/runs/rate-$1-w$2
  record "rate|$t|$w|libfuzzer" libfuzzer "$(lf_rate "$work/bin/lf_$t" "$work/speed/seeds/$t" "$rate_secs" "$w" "$d-lf")" "$d-lf"
  record "rate|$t|$w|go" go "$(go_rate "$work/speed/go/$t" "${fuzz_of[$t]}" "$rate_secs" "$w" "$d-go")" "$d-go"
  [ "$cx_ok" = 1 ] || return 0
  record "rate|$t|$w|cxxtest" cxxtest "$(cx_rate "$work/speed/cxxtest" "$t" "${fuzz_of[$t]}" "$rate_secs" "$w" "$d-cx")" "$d-cx"
}

# measure_rates: executions per second with one worker, and the plain loop.
measure_rates() {
  local rep t
  for rep in $(seq "$runs"); do
    for t in trivial ini words; do
      say "exec/s, 1 worker: $t (run $rep of $runs)"
      V["rate|$t|1|loop"]+="$("$work/bin/loop" "$t" "$rate_secs" | awk '{ print $2 }') "
      one_rate "$t" 1
    done
  done
  loads+=("after exec/s rows: $(load_now)")
}

# measure_scaling: total executions per second with two workers.
measure_scaling() {
  local rep t
  for rep in $(seq "$runs"); do
    for t in trivial ini; do
      say "exec/s, 2 workers: $t (run $rep of $runs)"
      one_rate "$t" 2
    done
  done
  loads+=("after scaling rows: $(load_now)")
}

# cov_start ENGINE DIR SECS: starts one fuzzing session of ENGINE on the
# parser target in the background (pid in cov_pid) and sets cov_corpus to
# the directory it writes its corpus to.
cov_start() {
  local e=$1 d=$2 secs=$3
  case $e in
    libfuzzer)
      mkdir -p "$d/corpus" && cp "$work/speed/seeds/ini/"* "$d/corpus/"
      cov_corpus=$d/corpus
      (cd "$d" && exec "$work/bin/lf_ini" -max_total_time="$secs" -artifact_prefix="$d/" corpus >"$d/log" 2>&1) &
      ;;
    go)
      cov_corpus=$GOCACHE/fuzz
      (cd "$work/speed/go/ini" && exec go test -fuzz='^FuzzIni$' -fuzztime="${secs}s" -parallel=1 . >"$d/log" 2>&1) &
      ;;
    cxxtest)
      cov_corpus=$CXXTESTCACHE/fuzz
      (cd "$work/speed/cxxtest" && exec "$cxxtest" -fuzz='^FuzzIni$' -fuzztime="${secs}s" -parallel=1 ./ini >"$d/log" 2>&1) &
      ;;
  esac
  cov_pid=$!
}

# native_coverage ENGINE LOG: what the engine itself reports as coverage at
# the end of LOG: libFuzzer `cov:` (edges) and `ft:` (features) as
# "COV FT"; Go and cxxtest `total:` (inputs in the corpus).
native_coverage() {
  if [ "$1" = libfuzzer ]; then
    local v; v=$(sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p' "$2" | tail -1)
    echo "${v:-0 0}"
  else
    progress_total "$2"
  fi
}

# replay_edges DIR: edges the libFuzzer parser binary covers when it runs
# the seeds plus every corpus file under DIR (any engine's format).
replay_edges() {
  local dir=$1 flat=$1.flat raw=$1.raw
  mkdir -p "$flat" "$raw"
  find "$dir" -type f -print0 | xargs -0 -r cp -t "$flat"
  "$work/bin/benchtool" raw -in "$flat" -out "$raw" 2>>"$dir.replay-warnings"
  "$work/bin/lf_ini" -runs=0 "$work/speed/seeds/ini" "$raw" 2>&1 | sed -n 's/.*INITED cov: \([0-9]*\).*/\1/p' | tail -1
}

# mean_size DIR: the mean size in bytes of the files in DIR (0 if none).
mean_size() {
  find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%.0f\n", NR ? s / NR : 0 }'
}

# cov_session ENGINE REP: one session on the parser target; at each time in
# cov_times copies the corpus and the log, then replays every snapshot.
cov_session() {
  local e=$1 d=$work/runs/cov-$1-$2 last=${cov_times##* } t t0
  rm -rf "$d" "$GOCACHE/fuzz" "$CXXTESTCACHE/fuzz" && mkdir -p "$d"
  t0=$(now_ns)
  cov_start "$e" "$d" $((last + 2))
  for t in $cov_times; do
    sleep_until "$t0" "$t"
    mkdir -p "$d/snap-$t" && cp -r "$cov_corpus/." "$d/snap-$t/" 2>/dev/null || true
    cp "$d/log" "$d/log-$t"
  done
  wait "$cov_pid" || { record "cov|$e" "$e" "" "$d"; return 0; }
  for t in $cov_times; do
    local native; native=$(native_coverage "$e" "$d/log-$t")
    V["covnative|$t|$e"]+="${native:-0} "
    record "cov|$t|$e" "$e" "$(replay_edges "$d/snap-$t")" "$d"
    V["covsize|$t|$e"]+="$(mean_size "$d/snap-$t.raw") "
  done
}

# measure_coverage: coverage over time on the parser target, one worker.
measure_coverage() {
  local rep e
  for rep in $(seq "$runs"); do
    for e in libfuzzer go cxxtest; do
      [ "$e" = cxxtest ] && [ "$cx_ok" = 0 ] && continue
      say "coverage over time: $e (run $rep of $runs, ${cov_times##* } s)"
      cov_session "$e" "$rep"
    done
  done
  loads+=("after coverage rows: $(load_now)")
}

# timed KEY ENGINE DIR CMD...: runs CMD under /usr/bin/time -v, records its
# wall seconds under KEY|time and its peak RSS (MB, largest process of the
# tree) under KEY|rss.
timed() {
  local key=$1 engine=$2 dir=$3; shift 3
  mkdir -p "$dir"
  local t0 wall; t0=$(now_ns)
  if ! /usr/bin/time -v -o "$dir/time" "$@" >"$dir/log" 2>&1; then
    record "$key|time" "$engine" "" "$dir"
    return 0
  fi
  wall=$(seconds_since "$t0")
  record "$key|time" "$engine" "$wall" "$dir"
  record "$key|rss" "$engine" "$(peak_rss_mb "$dir/time")" "$dir"
}

peak_rss_mb() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1" | awk '{ printf "%.1f", $1 / 1024 }'; }

# baseline_timed KEY ENGINE DIR CMD...: starts a fuzzing session CMD (in its
# own process group, under /usr/bin/time -v), waits until its output says
# the baseline is done (`now fuzzing`, or a first `execs:` line), records
# that time under KEY|time, then interrupts the group and records the peak
# RSS under KEY|rss. Go counts baseline inputs against -fuzztime=Nx, so a
# count cannot end the session right after the baseline.
baseline_timed() {
  local key=$1 engine=$2 dir=$3; shift 3
  mkdir -p "$dir" && : >"$dir/log"
  local t0 pid wall=""; t0=$(now_ns)
  setsid /usr/bin/time -v -o "$dir/time" "$@" >"$dir/log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if grep -qE 'now fuzzing|execs: [0-9]' "$dir/log"; then
      wall=$(seconds_since "$t0")
      break
    fi
    sleep 0.05
  done
  local rss; rss=$(group_peak_rss_mb "$pid" "$dir")
  kill -INT -- "-$pid" 2>/dev/null || true
  wait "$pid" || true
  record "$key|time" "$engine" "$wall" "$dir"
  [ -n "$wall" ] && record "$key|rss" "$engine" "$rss" "$dir"
  return 0
}

# group_peak_rss_mb PGID LOGDIR: the largest peak RSS (VmHWM, MB) among the test
# binaries of process group PGID: the coordinator and its workers, not the
# go/cxxtest command, /usr/bin/time or the shell. Also lists them all in
# the log for the curious.
group_peak_rss_mb() {
  local p comm hwm best=0 dir=$2
  for p in $(pgrep -g "$1"); do
    comm=$(cat "/proc/$p/comm" 2>/dev/null) || continue
    hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$p/status" 2>/dev/null)
    echo "rss: $p $comm ${hwm:-?} kB" >>"$dir/rss"
    case $comm in time | bash | go | cxxtest | setsid) continue ;; esac
    [ "${hwm:-0}" -gt "$best" ] && best=$hwm
  done
  [ "$best" -gt 0 ] && awk -v k="$best" 'BEGIN { printf "%.1f", k / 1024 }'
  return 0
}

# cx_corpus_dir PKG FUZZ: where cxxtest keeps the generated corpus of FUZZ.
cx_corpus_dir() { echo "$CXXTESTCACHE/fuzz/$speed_module/$1/$2"; }

# measure_scale: a cached corpus of N entries per engine; time until the
# baseline is done and peak memory.
measure_scale() {
  local n rep d
  for n in $scale_sizes; do
    d=$work/scale-$n
    say "scale: generating $n corpus entries per engine"
    for f in raw go cxxtest; do "$work/bin/benchtool" gen -format=$f -n "$n" -out "$d/$f"; done
    rm -rf "$GOCACHE/fuzz" "$CXXTESTCACHE/fuzz"
    mkdir -p "$GOCACHE/fuzz/$speed_module/ini" "$(dirname "$(cx_corpus_dir ini FuzzIni)")"
    cp -r "$d/go" "$GOCACHE/fuzz/$speed_module/ini/FuzzIni"
    cp -r "$d/cxxtest" "$(cx_corpus_dir ini FuzzIni)"
    for rep in $(seq "$runs"); do
      say "scale: $n cached entries (run $rep of $runs)"
      timed "scale|$n|libfuzzer" libfuzzer "$d/run-lf-$rep" "$work/bin/lf_ini" -runs=0 "$d/raw"
      baseline_timed "scale|$n|go" go "$d/run-go-$rep" bash -c "cd '$work/speed/go/ini' && exec go test -fuzz='^FuzzIni\$' -fuzztime=600s -parallel=1 ."
      [ "$cx_ok" = 1 ] || continue
      baseline_timed "scale|$n|cxxtest" cxxtest "$d/run-cx-$rep" bash -c "cd '$work/speed/cxxtest' && exec '$cxxtest' -fuzz='^FuzzIni\$' -fuzztime=600s -parallel=1 ./ini"
    done
  done
  rm -rf "$GOCACHE/fuzz" "$CXXTESTCACHE/fuzz"
  loads+=("after scale rows: $(load_now)")
}

# measure_replay: plain test runs (no fuzzing) over replay_n seed files in
# testdata/fuzz/FuzzIni/; libFuzzer runs the same inputs with -runs=0.
measure_replay() {
  local d=$work/replay rep
  say "replay: generating $replay_n seed files"
  "$work/bin/benchtool" gen -format=raw -n "$replay_n" -out "$d/raw"
  "$work/bin/benchtool" gen -format=go -n "$replay_n" -out "$work/speed/go/ini/testdata/fuzz/FuzzIni"
  "$work/bin/benchtool" gen -format=cxxtest -n "$replay_n" -out "$work/speed/cxxtest/ini/testdata/fuzz/FuzzIni"
  (cd "$work/speed/go/ini" && go test -count=1 . >"$d/go-warm.log" 2>&1) || true
  (cd "$work/speed/cxxtest" && "$cxxtest" -count=1 ./ini >"$d/cx-warm.log" 2>&1) || true
  for rep in $(seq "$runs"); do
    say "replay: $replay_n seed files (run $rep of $runs)"
    timed "replay|libfuzzer" libfuzzer "$d/lf-$rep" "$work/bin/lf_ini" -runs=0 "$d/raw"
    timed "replay|go" go "$d/go-$rep" bash -c "cd '$work/speed/go/ini' && go test -count=1 ."
    timed "replay|cxxtest" cxxtest "$d/cx-$rep" bash -c "cd '$work/speed/cxxtest' && '$cxxtest' -count=1 ./ini"
  done
  rm -rf "$work/speed/go/ini/testdata" "$work/speed/cxxtest/ini/testdata"
}

# measure_build: bench/build_bench.sh's table (cxxtest against ninja).
measure_build() {
  say "build: bench/build_bench.sh with $runs run(s)"
  if ! bash "$bench_dir/build_bench.sh" "$cxxtest" "$runs" >"$work/build.md" 2>"$work/build.err"; then
    failures+=("cxxtest:build_bench")
    tail -5 "$work/build.err" >&2
  fi
  loads+=("after build rows: $(load_now)")
}
