# realcode_steps.sh: the building and measuring steps of bench/realcode
# (sourced). Each session stores its replayed coverage in
# V["cov|TARGET|WORKERS|SECS|ENGINE"] (space-separated, one per seed); the
# report takes medians. Uses the settings parse_args and setup made.
#
# Fairness rules, the same for all three engines:
#  - one harness logic per target (targets/realcode/cxxtest/PKG/PKG.cpp),
#    compiled -g -O1 for each engine;
#  - the same seed inputs (targets/realcode/cxxtest/seeds.h);
#  - every session starts from the seeds only, its clock from the start of
#    the engine's process; builds happen before (a warm-up for cxxtest);
#  - coverage is counted in one unit: each snapshot, decoded to raw bytes,
#    is replayed by the target's libFuzzer binary with -runs=0. A second
#    figure, V["own|..."], replays it through the same build with cxxtest's
#    noisy-code ignorelist: no edges in the C++ standard library's own
#    functions (which cxxtest leaves out by design and libFuzzer and AFL++
#    instrument; their code inlined elsewhere stays in both units).

declare -A fuzz_of=([nlohmann_json]=FuzzNlohmannJson [rapid_json]=FuzzRapidJson
  [fmt_lib]=FuzzFmtLib [boost_json]=FuzzBoostJson)
declare -A seeds_of=([nlohmann_json]=json [rapid_json]=json [fmt_lib]=fmt [boost_json]=json)
realcode_module=bench.example/realcode
rc_flags=(-std=c++20 -g -O1)

# build_one TARGET: the libFuzzer binary (also the coverage binary), the
# second unit's coverage binary (own_TARGET) and the AFL++ binaries, plain
# and CMPLOG, of TARGET. afl-clang-fast++
# -fsanitize=fuzzer links AFL++'s libAFLDriver (persistent mode, shared
# memory input); AFL_LLVM_DICT2FILE writes the dictionary of the compared
# constants that AFL++'s docs recommend passing with -x. The coverage build
# uses clang's own trace-pc-guard (AFL_LLVM_INSTRUMENT=LLVMNATIVE): afl++
# 4.04c's PCGUARD pass skips every function whose mangled name contains
# "__cxx" (AFL++ issue #1927, fixed after 4.04c), i.e. everything that
# mentions std::string, which left 330 of nlohmann_json's ~8,000 edges.
build_one() {
  local t=$1 s=$work/realcode src
  src=("$s/libfuzzer/$t.cc" "$s/cxxtest/$t/$t.cpp")
  clang++ "${rc_flags[@]}" -fsanitize=fuzzer -I "$s/cxxtest" "${src[@]}" -o "$work/bin/lf_$t" ||
    die "libFuzzer build of $t failed"
  clang++ "${rc_flags[@]}" -fsanitize=fuzzer -fsanitize-coverage-ignorelist="$bench_dir/../share/cxxtest/ignorelist.txt" \
    -I "$s/cxxtest" "${src[@]}" -o "$work/bin/own_$t" || die "libFuzzer build of $t without std:: coverage failed"
  AFL_QUIET=1 AFL_LLVM_INSTRUMENT=LLVMNATIVE AFL_LLVM_DICT2FILE="$work/bin/afl_$t.dict" afl-clang-fast++ "${rc_flags[@]}" -fsanitize=fuzzer \
    -I "$s/cxxtest" "${src[@]}" -o "$work/bin/afl_$t" || die "AFL++ build of $t failed"
  AFL_QUIET=1 AFL_LLVM_CMPLOG=1 afl-clang-fast++ "${rc_flags[@]}" -fsanitize=fuzzer \
    -I "$s/cxxtest" "${src[@]}" -o "$work/bin/afl_$t.cmplog" || die "AFL++ CMPLOG build of $t failed"
}

# build_targets: every binary, the seed files, and a warm cxxtest build of
# each target (its first run compiles; no clock may include that).
build_targets() {
  cx_seed_flag=""
  # Read whole, not piped into grep -q: grep quitting early would SIGPIPE
  # cxxtest, and with pipefail the check would fail now and then.
  [[ $("$cxxtest" help testflag 2>&1) == *-fuzzseed* ]] && cx_seed_flag=yes
  if [ -e "$work/built" ]; then
    say "resuming: the targets were built"
    return 0
  fi
  say "building targets ($(load_now))"
  cp -r "$bench_dir/targets/realcode" "$work/realcode"
  (cd "$bench_dir/tools/benchtool" && go build -o "$work/bin/benchtool" .) || die "benchtool build failed"
  clang++ -std=c++20 -I "$work/realcode/cxxtest" "$work/realcode/libfuzzer/write_seeds.cc" -o "$work/bin/write_seeds" ||
    die "write_seeds build failed"
  local k t
  for k in json fmt; do mkdir -p "$work/seeds/$k" && "$work/bin/write_seeds" "$work/seeds/$k" "$k"; done
  local slot cache
  for t in $targets; do
    say "building $t"
    build_one "$t"
    # One warm cache per slot: sessions running at once never share one.
    for slot in $(seq 0 $((slots - 1))); do
      cache=$(slot_cache "$slot")
      rm -rf "$cache/fuzz"
      (cd "$work/realcode/cxxtest" && CXXTESTCACHE=$cache "$cxxtest" -fuzz="^${fuzz_of[$t]}\$" -fuzztime=1s -parallel=1 "./$t" \
        >"$work/runs/cx-warm-$t-$slot.log" 2>&1) ||
        die "cxxtest -fuzz does not run on $t: $(tail -5 "$work/runs/cx-warm-$t-$slot.log")"
    done
  done
  touch "$work/built"
}

# slot_cache SLOT: the cxxtest cache dir the sessions of SLOT use.
slot_cache() { if [ "$1" = 0 ]; then echo "$work/cxxcache"; else echo "$work/cxxcache-$1"; fi; }

# session_start ENGINE TARGET N SEED DIR SECS: starts one fuzzing session
# with N workers in the background (pids in session_pids) and sets
# session_corpus to the directories holding its corpus. The fixed seed
# (libFuzzer -seed, AFL++ -s, cxxtest -fuzzseed when it has it) makes each
# one-worker session a repeatable, independent sample.
session_start() {
  local e=$1 t=$2 n=$3 seed=$4 d=$5 secs=$6 lim
  lim=(timeout -k 5 $((secs + 60)))
  session_pids=() session_engine=$e
  case $e in
    libfuzzer)
      mkdir -p "$d/corpus" && cp "$work/seeds/${seeds_of[$t]}/"* "$d/corpus/"
      session_corpus=("$d/corpus")
      local args=(-max_total_time="$secs" -artifact_prefix="$d/" -print_final_stats=1)
      if [ "$n" -gt 1 ]; then args+=(-jobs="$n" -workers="$n"); else args+=(-seed="$seed"); fi
      (cd "$d" && exec "${lim[@]}" "$work/bin/lf_$t" "${args[@]}" corpus >"$d/log" 2>&1) &
      session_pids+=($!)
      ;;
    afl)
      mkdir -p "$d/in" && cp "$work/seeds/${seeds_of[$t]}/"* "$d/in/"
      # The session's own copies of the binaries: what is left running
      # afterwards is found by executable, and must be this session's.
      cp "$work/bin/afl_$t" "$work/bin/afl_$t.cmplog" "$d/"
      local base=(-i "$d/in" -o "$d/out" -V "$secs") i
      [ -s "$work/bin/afl_$t.dict" ] && base+=(-x "$work/bin/afl_$t.dict")
      session_corpus=("$d/out")
      for i in $(seq 0 $((n - 1))); do
        local role=(-S "s$i")
        [ "$i" = 0 ] && role=(-M m0 -c "$d/afl_$t.cmplog")
        [ "$n" = 1 ] && role=(-c "$d/afl_$t.cmplog")
        AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
          AFL_QUIET=1 "${lim[@]}" afl-fuzz "${base[@]}" "${role[@]}" -s $((seed + i)) -- "$d/afl_$t" \
          >"$d/log-$i" 2>&1 &
        session_pids+=($!)
      done
      ;;
    cxxtest)
      rm -rf "$CXXTESTCACHE/fuzz"
      session_corpus=("$CXXTESTCACHE/fuzz")
      local args=(-fuzz="^${fuzz_of[$t]}\$" -fuzztime="${secs}s" -parallel="$n")
      [ -n "$cx_seed_flag" ] && args+=(-fuzzseed="$seed")
      (cd "$work/realcode/cxxtest" && exec "${lim[@]}" "$cxxtest" "${args[@]}" "./$t" >"$d/log" 2>&1) &
      session_pids+=($!)
      ;;
  esac
}

# snapshot DIR: copies the session's corpus into DIR: one subdirectory per
# source directory (AFL++ keeps one queue per instance, whose file names
# repeat), the file names kept.
snapshot() {
  local dir=$1 src q i=0
  mkdir -p "$dir"
  for src in "${session_corpus[@]}"; do
    if [ "$session_engine" = afl ]; then
      for q in "$src"/*/queue; do
        [ -d "$q" ] || continue
        mkdir -p "$dir/$i" && find "$q" -maxdepth 1 -type f -exec cp -t "$dir/$i" {} + 2>/dev/null || true
        i=$((i + 1))
      done
    else
      mkdir -p "$dir/$i" && find "$src" -type f ! -name '*.dict' -exec cp -t "$dir/$i" {} + 2>/dev/null || true
      i=$((i + 1))
    fi
  done
}

# replay_edges TARGET DIR [UNIT]: edges TARGET's libFuzzer binary (UNIT lf,
# the default, or own: the build without std:: coverage) covers when it
# runs the seeds plus every input of the snapshot DIR, decoded to raw bytes
# (`INITED cov:` of a -runs=0 run: the edges of instrumented code hit).
# Nothing when the binary is missing (a run kept before it was built).
replay_edges() {
  local t=$1 dir=$2 unit=${3:-lf} sub raws=()
  [ -x "$work/bin/${unit}_$t" ] || return 0
  for sub in "$dir"/*/; do
    sub=${sub%/}
    # the first unit's replay left SUB.raw beside each SUB: not a source
    [[ -d $sub && $sub != *.raw ]] || continue
    [ -d "$sub.raw" ] || "$work/bin/benchtool" raw -in "$sub" -out "$sub.raw" 2>>"$dir.replay-warnings"
    raws+=("$sub.raw")
  done
  "$work/bin/${unit}_$t" -runs=0 -rss_limit_mb=4096 -timeout=30 "$work/seeds/${seeds_of[$t]}" "${raws[@]}" \
    >"$dir.replay-$unit-log" 2>&1 || true
  sed -n 's/.*INITED cov: \([0-9]*\).*/\1/p' "$dir.replay-$unit-log" | tail -1
}

# kill_running EXE...: kills (SIGKILL, by pid) every process running one of
# these executables.
kill_running() {
  local p exe x
  for p in /proc/[0-9]*; do
    exe=$(readlink "$p/exe" 2>/dev/null) || continue
    for x in "$@"; do [ "$exe" = "$x" ] && kill -KILL "${p#/proc/}" 2>/dev/null; done
  done
  return 0
}

# load_recorded DIR: adds the figures the session in DIR recorded to V;
# false when it recorded none (not run, failed or interrupted).
load_recorded() {
  local key value
  [ -s "$1/recorded" ] || return 1
  while read -r key value; do V[$key]+="$value "; done <"$1/recorded"
}

# session ENGINE TARGET WORKERS REP: one session; a snapshot at each time,
# then every snapshot replayed. Its results also go to DIR/recorded, which
# a resumed run reads instead of running the session again.
session() {
  local e=$1 t=$2 w=$3 rep=$4 n=$3 d tm t0 ok=1 p value
  [ "$w" = all ] && n=$(nproc)
  d=$work/runs/$t-w$w-$e-$rep
  if load_recorded "$d"; then
    say "resuming: $e on $t (w$w, seed $rep) was recorded"
    return 0
  fi
  cell_ran=1
  rm -rf "$d" && mkdir -p "$d"
  local failed_before=${#failures[@]}
  t0=$(now_ns)
  session_start "$e" "$t" "$n" $((rep * 1000 + 1)) "$d" "$last_time"
  for tm in $times; do
    sleep_until "$t0" "$tm"
    snapshot "$d/snap-$tm"
  done
  for p in "${session_pids[@]}"; do wait "$p" || ok=0; done
  # Each pid is a `timeout`, which leads its own process group; AFL++'s
  # CMPLOG fork server leaves a stopped child behind when afl-fuzz exits,
  # in a session of its own: found by its executable.
  for p in "${session_pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null || true; done
  if [ "$e" = afl ]; then
    kill_running "$d/afl_$t" "$d/afl_$t.cmplog"
    rm -f "$d/afl_$t" "$d/afl_$t.cmplog"
  fi
  [ "$ok" = 1 ] || { failures+=("$e:$t:w$w:$rep"); say "FAILED: $e on $t (w$w, seed $rep): exit status not 0, logs in $d"; }
  local results=()
  for tm in $times; do
    value=$(replay_edges "$t" "$d/snap-$tm")
    record "cov|$t|$w|$tm|$e" "$e" "$value" "$d"
    results+=("cov|$t|$w|$tm|$e $value")
    # The second unit; none from a run kept before its binary was built.
    if [ -x "$work/bin/own_$t" ]; then
      value=$(replay_edges "$t" "$d/snap-$tm" own)
      record "own|$t|$w|$tm|$e" "$e" "$value" "$d"
      results+=("own|$t|$w|$tm|$e $value")
    fi
  done
  value=$(find "$d/snap-$last_time" -type f ! -path '*.raw/*' | wc -l)
  V["files|$t|$w|$e"]+="$value "
  results+=("files|$t|$w|$e $value")
  # Recorded only when every engine run and replay gave a figure, so a
  # failed or interrupted session runs again when the run is resumed.
  [ "$ok" = 1 ] && [ ${#failures[@]} = "$failed_before" ] && printf '%s\n' "${results[@]}" >"$d/recorded"
  return 0
}

# session_order MODES: the sessions of a run, one "SEED WORKERS TARGET
# ENGINE" line each, in the order they run: seed by seed, each seed's cells
# (workers in MODES, target) in turn, a cell's engines one after another,
# their order rotated each seed so none always runs first.
engines=(libfuzzer afl cxxtest)
session_order() {
  local rep w t e order=("${engines[@]}")
  for rep in $(seq "$seeds"); do
    for w in $1; do
      for t in $targets; do
        for e in "${order[@]}"; do echo "$rep $w $t $e"; done
      done
    done
    order=("${order[@]:1}" "${order[0]}")
  done
}

# measure_sessions: every session of session_order. With --slots=N above 1
# the one-worker sessions come first, N at a time (measure_slotted), then
# the all-core ones alone.
measure_sessions() {
  local rep w t e modes=$workers line lines n=0
  if [ "$slots" -gt 1 ] && [[ " $workers " == *" 1 "* ]]; then
    measure_slotted
    modes=${workers//1/}
  fi
  mapfile -t lines < <(session_order "$modes")
  for line in "${lines[@]}"; do
    read -r rep w t e <<<"$line"
    [ $((n % ${#engines[@]})) = 0 ] && cell_ran=0
    say "$t, workers $w, $e (seed $rep of $seeds, $last_time s; $(load_now))"
    session "$e" "$t" "$w" "$rep"
    n=$((n + 1))
    # A cell's last engine: its load is listed, once per cell that ran
    # (a resumed run skips the recorded ones).
    [ $((n % ${#engines[@]})) = 0 ] && [ "$cell_ran" = 1 ] || continue
    loads+=("seed $rep, $t, w$w: $(load_now)")
    echo "${loads[-1]}" >>"$work/loads"
  done
}

# measure_slotted: the one-worker sessions, $slots at a time, slot K's on
# core K alone (taskset; its engine's processes inherit it) with its own
# cxxtest cache. Each session's figures are read back from its recorded
# file once all have ended, in the order one at a time would give.
measure_slotted() {
  local rep w t e jobs job pid slot free=()
  local -A slot_of=()
  mapfile -t jobs < <(session_order 1)
  mapfile -t free < <(seq 0 $((slots - 1)))
  for job in "${jobs[@]}"; do
    if [ ${#free[@]} = 0 ]; then
      wait -n -p pid || true
      free+=("${slot_of[$pid]}")
      unset "slot_of[$pid]"
    fi
    slot=${free[0]} free=("${free[@]:1}")
    read -r rep w t e <<<"$job"
    say "$t, workers 1, $e (seed $rep of $seeds, $last_time s, core $slot; $(load_now))"
    (
      taskset -p -c "$slot" "$BASHPID" >/dev/null
      CXXTESTCACHE=$(slot_cache "$slot")
      session "$e" "$t" 1 "$rep"
    ) &
    slot_of[$!]=$slot
  done
  wait
  loads+=("one-worker sessions, $slots at a time, ended: $(load_now)")
  echo "${loads[-1]}" >>"$work/loads"
  local d
  for job in "${jobs[@]}"; do
    read -r rep w t e <<<"$job"
    d=$work/runs/$t-w1-$e-$rep
    load_recorded "$d" && continue
    failures+=("$e:$t:w1:$rep")
    say "FAILED: $e on $t (w1, seed $rep): no figures recorded, logs in $d"
  done
}
