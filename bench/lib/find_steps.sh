# find_steps.sh: the steps of bench/find (sourced). Samples go to
# T["mode|puzzle|engine"] as seconds, or "inf" for a run that did not find
# the bug within the timeout.

find_module() { echo "$work/find/cxxtest"; }

# cx_module MODE ENGINE: the copy of the puzzle module a cxxtest cell runs
# in; each has its own [fuzz] settings (so its own builds): -nocmp has
# cmp_guidance = false (mode unguided), -laf has laf = true (engine cxxtest-laf).
cx_module() {
  local d; d=$(find_module)
  [ "$1" = unguided ] && d+=-nocmp
  [ "$2" = cxxtest-laf ] && d+=-laf
  echo "$d"
}

# make_cx_modules: the module copies cx_module names, for the settings
# cxxtest offers.
make_cx_modules() {
  local mode e d
  for mode in guided unguided; do
    for e in cxxtest cxxtest-laf; do
      d=$(cx_module "$mode" "$e")
      [ "$d" = "$(find_module)" ] && continue
      rm -rf "$d" && cp -r "$(find_module)" "$d"
      printf '\n[fuzz]\n' >>"$d/cxxtest.toml"
      [ "$mode" = unguided ] && echo 'cmp_guidance = false' >>"$d/cxxtest.toml"
      [ "$e" = cxxtest-laf ] && echo 'laf = true' >>"$d/cxxtest.toml"
    done
  done
}

# cx_capabilities: what cxxtest offers: cx_seed_env (the environment
# variable its engine reads the random seed from, found in the runtime
# library; override with BENCH_CXXTEST_SEED_ENV=NAME), cx_nocmp (1 when its
# cxxtest.toml knows [fuzz] cmp_guidance, which turns comparison guidance
# off) and cx_laf (1 when the laf pass plugin, [fuzz] laf, is installed).
cx_capabilities() {
  local lib; lib=$(dirname "$cxxtest")/../lib/cxxtest
  cx_seed_env=${BENCH_CXXTEST_SEED_ENV:-}
  if [ -z "$cx_seed_env" ] && grep -qa CXXTEST_FUZZSEED "$lib/libcxxtest_runtime.a" 2>/dev/null; then cx_seed_env=CXXTEST_FUZZSEED; fi
  cx_nocmp=0 cx_laf=0
  grep -qa 'cmp_guidance' "$cxxtest" && grep -qa 'fuzzcmp' "$lib/libcxxtest_runtime.a" && cx_nocmp=1
  [ -e "$lib/cxxtest-laf.so" ] && cx_laf=1
  return 0
}

# cx_engines MODE: the cxxtest engines measured in MODE.
cx_engines() {
  [ "$1" = unguided ] && [ "$cx_nocmp" = 0 ] && return 0
  echo cxxtest
  [ "$cx_laf" = 1 ] && echo cxxtest-laf
  return 0
}

# build_puzzles: a libFuzzer binary per puzzle; cxxtest's warm builds (and
# whether its engine runs at all: FuzzHeap without -asan never fails, so it
# is the probe).
build_puzzles() {
  say "building puzzles"
  cp -r "$bench_dir/targets/find" "$work/find"
  (cd "$bench_dir/tools/benchtool" && go build -o "$work/bin/benchtool" .) || die "benchtool build failed"
  local p name san
  for p in "${selected[@]}"; do
    name=${p%%|*} san=fuzzer
    [ "$name" = heap ] && san=fuzzer,address
    lf_build "$work/bin/lf_$name" "$(find_module)" "$san" "$work/find/libfuzzer/$name.cc" || die "libFuzzer build of $name failed"
  done
  cx_capabilities
  make_cx_modules
  cx_ok=0 cx_reason=""
  if ! cx_reason=$(cx_probe "$(find_module)" heap FuzzHeap "$work/runs/cx-probe.log"); then
    say "cxxtest rows not measured: $cx_reason"
    [ "$require_cx" = 1 ] && failures+=("cxxtest:probe")
    return 0
  fi
  cx_ok=1
  local mode e
  for p in "${selected[@]}"; do
    say "cxxtest warm builds: ${p%%|*}"
    for mode in guided unguided; do
      for e in $(cx_engines "$mode"); do
        cx_find_once "${p%%|*}" "$(cut -d'|' -f2 <<<"$p")" "$mode" "$e" 1 "$work/runs/warm-${p%%|*}" 2 >/dev/null
      done
    done
  done
}

# run_until_found DIR LIMIT PATTERN CMD...: runs CMD in its own process
# group, its output time-stamped (benchtool stamp: Unix time) into DIR/log,
# until a line matches PATTERN, CMD ends, or LIMIT + 15 seconds pass; then
# kills the group. Prints the seconds from the start to the first matching
# line if that is within LIMIT, "inf" if there is none, and "error" if CMD
# ended early (before 90% of LIMIT) without a match.
run_until_found() {
  local dir=$1 limit=$2 pat=$3; shift 3
  rm -rf "$dir" && mkdir -p "$dir" && : >"$dir/log"
  local t0; t0=$(now_ns)
  setsid bash -c '"$@" 2>&1 | "$0" stamp' "$work/bin/benchtool" "$@" >"$dir/log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    grep -qE "$pat" "$dir/log" && break
    awk -v t0="$t0" -v now="$(now_ns)" -v l="$limit" 'BEGIN { exit !((now - t0) / 1e9 > l + 15) }' && break
    sleep 0.05
  done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  local hit; hit=$(grep -m1 -E "$pat" "$dir/log" | cut -d' ' -f1 || true)
  if [ -n "$hit" ]; then
    awk -v h="$hit" -v t0="$t0" -v l="$limit" 'BEGIN { d = h - t0 / 1e9; printf (d <= l ? "%.3f\n" : "inf\n"), d }'
  elif awk -v t0="$t0" -v now="$(now_ns)" -v l="$limit" 'BEGIN { exit !((now - t0) / 1e9 < 0.9 * l) }'; then
    echo error
  else
    echo inf
  fi
}

# lf_find_once NAME MODE SEED DIR LIMIT: one libFuzzer run from an empty corpus.
lf_find_once() {
  local name=$1 mode=$2 seed=$3 dir=$4 limit=$5
  local args=(-seed="$seed" -max_total_time="$limit" -artifact_prefix="$dir/")
  [ "$mode" = unguided ] && args+=(-use_cmp=0 -use_value_profile=0)
  run_until_found "$dir" "$limit" 'ERROR: (libFuzzer|AddressSanitizer)' "$work/bin/lf_$name" "${args[@]}"
}

# cx_find_once NAME FUZZ MODE ENGINE SEED DIR LIMIT: one cxxtest run from an
# empty corpus (generated corpus and testdata reproducers removed first), in
# the module copy of MODE and ENGINE (cxxtest or cxxtest-laf).
cx_find_once() {
  local name=$1 fuzz=$2 mode=$3 e=$4 seed=$5 dir=$6 limit=$7 module
  module=$(cx_module "$mode" "$e")
  rm -rf "$CXXTESTCACHE/fuzz" "$module/$name/testdata"
  local args=(-fuzz="^$fuzz\$" -fuzztime="${limit}s" -parallel=1)
  [ "$name" = heap ] && args=(-asan "${args[@]}")
  local seed_env=()
  [ -n "$cx_seed_env" ] && seed_env=("$cx_seed_env=$seed")
  (cd "$module" && run_until_found "$dir" "$limit" \
    'planted bug found|ERROR: AddressSanitizer|minimizing|--- FAIL' env "${seed_env[@]}" "$cxxtest" "${args[@]}" "./$name")
}

# too_many_misses KEY: true once more than half the seeds missed, so the
# median is already "not found".
too_many_misses() {
  local misses; misses=$(printf '%s\n' ${T[$1]:-} | grep -c '^inf$' || true)
  [ $((misses * 2)) -gt "$seeds" ]
}

# run_row NAME FUZZ MODE ENGINE: the seeds of one cell of the table.
run_row() {
  local name=$1 fuzz=$2 mode=$3 e=$4 seed v key="$3|$1|$4"
  for seed in $(seq "$seeds"); do
    too_many_misses "$key" && break
    local dir=$work/runs/$name-$mode-$e-$seed
    if [ "$e" = libfuzzer ]; then
      v=$(lf_find_once "$name" "$mode" "$seed" "$dir" "$timeout_s")
    else
      v=$(cx_find_once "$name" "$fuzz" "$mode" "$e" "$seed" "$dir" "$timeout_s")
    fi
    say "  $name $mode $e seed $seed: $v"
    if [ "$v" = error ]; then
      failures+=("$e:$name:$mode")
      tail -3 "$dir/log" >&2
      return 0
    fi
    T[$key]+="$v "
  done
}

run_all_puzzles() {
  local p name fuzz mode e
  for p in "${selected[@]}"; do
    IFS='|' read -r name fuzz _ <<<"$p"
    for mode in guided unguided; do
      say "$name, $mode"
      run_row "$name" "$fuzz" "$mode" libfuzzer
      [ "$cx_ok" = 1 ] || continue
      for e in $(cx_engines "$mode"); do run_row "$name" "$fuzz" "$mode" "$e"; done
    done
  done
}

# find_median KEY: the median sample ("inf" sorts last), or nothing.
find_median() {
  printf '%s\n' ${T[$1]:-} | sort -g | awk '{ v[NR] = $1 }
    END { if (NR == 0) exit
          if (NR % 2) print v[(NR + 1) / 2]
          else if (v[NR / 2] == "inf" || v[NR / 2 + 1] == "inf") print "inf"
          else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# find_cell KEY ENGINE MODE: "0.42 s (3/3)", ">60 s (0/2)", or why empty.
find_cell() {
  local m found n
  m=$(find_median "$1")
  if [ -z "$m" ]; then
    if [ "$2" != libfuzzer ] && [ "$cx_ok" = 0 ]; then echo "not measured"
    elif [ "$2" != libfuzzer ] && ! cx_engines "$3" | grep -qx "$2"; then echo "n/a"
    else echo "failed"; fi
    return
  fi
  n=$(printf '%s\n' ${T[$1]} | wc -l)
  found=$(printf '%s\n' ${T[$1]} | grep -vc '^inf$' || true)
  if [ "$m" = inf ]; then echo ">$timeout_s s ($found/$n)"; else printf '%.2f s (%s/%s)\n' "$m" "$found" "$n"; fi
}

# find_ratio KEY_CX KEY_LF: cxxtest's median over libFuzzer's, in words when
# one of them did not find the bug.
find_ratio() {
  local c l; c=$(find_median "$1") l=$(find_median "$2")
  if [ -z "$c" ] || [ -z "$l" ]; then echo "n/a"
  elif [ "$c" = inf ] && [ "$l" = inf ]; then echo "neither found"
  elif [ "$c" = inf ]; then echo "only libFuzzer found"
  elif [ "$l" = inf ]; then echo "only cxxtest found"
  else ratio "$c" "$l"; fi
}

write_find_results() {
  mkdir -p "$out_dir"
  local p name fuzz what
  {
    cat <<MD
# Time to find planted bugs: cxxtest vs libFuzzer

Generated by \`bench/find$([ "$quick" = 1 ] && echo " --quick")\` on $started; do not edit by hand (bench/README.md
explains it). Median seconds from the start of the engine's process to its
first failure line, over $seeds seed(s) per cell (found/runs in brackets;
a cell stops early once more than half its runs missed), ${timeout_s} s timeout
per run, one worker, empty starting corpus. libFuzzer: \`-seed=N\`;
cxxtest: $([ -n "$cx_seed_env" ] && echo "\`$cx_seed_env=N\`" || echo "repeated runs (no seed setting yet)").
Without guidance: libFuzzer \`-use_cmp=0 -use_value_profile=0\`; cxxtest
$([ "$cx_nocmp" = 1 ] && echo "\`[fuzz] cmp_guidance = false\`" || echo "offers no switch yet (n/a)").
cxxtest+laf: \`[fuzz] laf = true\` (the laf-intel pass plugin$([ "$cx_laf" = 1 ] || echo ", not installed: n/a")).
Machine: $(nproc) cores, $(clang++ --version | head -1). Load: $(IFS=';'; echo "${loads[*]}" | sed 's/;/; /g').
$([ "$quick" = 1 ] && echo "
**--quick run: ${timeout_s} s per run; these figures only show that every row runs.**")

| puzzle | planted bug | libFuzzer | cxxtest | cxxtest+laf | cxxtest / libFuzzer | libFuzzer, no cmp | cxxtest, no cmp | cxxtest+laf, no cmp | cxxtest / libFuzzer, no cmp |
|---|---|---|---|---|---|---|---|---|---|
MD
    for p in "${selected[@]}"; do
      IFS='|' read -r name fuzz what <<<"$p"
      local row="| $name ($fuzz) | $what" mode
      for mode in guided unguided; do
        row+=" | $(find_cell "$mode|$name|libfuzzer" libfuzzer $mode) | $(find_cell "$mode|$name|cxxtest" cxxtest $mode)"
        row+=" | $(find_cell "$mode|$name|cxxtest-laf" cxxtest-laf $mode)"
        row+=" | $(find_ratio "$mode|$name|cxxtest" "$mode|$name|libfuzzer")"
      done
      echo "$row |"
    done
    [ "$cx_ok" = 1 ] || printf '\ncxxtest: not measured: %s.\n' "$cx_reason"
    [ ${#failures[@]} -eq 0 ] || printf '\nFailed runs (bench/find exited 1): %s\n' "${failures[*]}"
  } >"$out_dir/find-results.md"
}
