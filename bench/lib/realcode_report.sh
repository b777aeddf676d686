# realcode_report.sh: turns bench/realcode's samples into a section of
# realcode-results.md and realcode.svg (sourced). Every figure is the median
# of one cell's samples (one per seed); ratios are cxxtest's median over the
# peer's median on the same cell.

declare -A engine_label=([libfuzzer]=libFuzzer [afl]="AFL++" [cxxtest]=cxxtest)

# med KEY: the median sample of KEY, or nothing.
med() { printf '%s\n' ${V[$1]:-} | median; }

# cell KEY: the median, "failed" when no session gave a figure.
cell() { local m; m=$(med "$1"); echo "${m:-failed}"; }

# vs KEY_A KEY_B: median(A) / median(B) in bold when under 1 (cxxtest
# behind), or n/a.
vs() {
  local r; r=$(ratio "$(med "$1")" "$(med "$2")")
  if [[ $r == 0.* ]]; then echo "**$r**"; else echo "$r"; fi
}

workers_label() { if [ "$1" = all ]; then echo "all cores ($(nproc) workers)"; else echo "one worker"; fi; }

time_label() { if [ "$1" -ge 60 ] && [ $(($1 % 60)) = 0 ]; then echo "$(($1 / 60)) min"; else echo "$1 s"; fi; }

report_header() {
  cat <<MD

## $started: \`$command_line\`

Checkout at commit $(cat "$work/checkout") when the run started, cxxtest \`$cxxtest\`$([ -n "$cx_seed_flag" ] || echo ' (no -fuzzseed yet: its sessions are not seeded)'),
$(clang++ --version | head -1), afl++ $(dpkg-query -W -f='${Version}' afl++ 2>/dev/null || echo '?');
$(nproc) cores. $seeds seed(s) per cell, medians; snapshots at $times s.$([ "${resumes:-0}" -gt 0 ] && echo "
Stopped and resumed $resumes time(s) (\`--resume\`): each session ran whole, in one go.")$([ "${slots:-1}" -gt 1 ] && echo "
One-worker sessions ran $slots at a time (\`--slots=$slots\`), each pinned to a core of its own.")
Load average (the machine is shared; figures are only as steady as it
was): $(IFS=';'; echo "${loads[*]}" | sed 's/;/; /g').
$([ "$quick" = 1 ] && echo "
**--quick run: sessions of 3 s; these figures only show that every cell runs.**")
MD
}

# medians_table UNIT W: the rows of one unit's table (cov: the libFuzzer
# binary's edges; own: the build without std:: coverage) for workers W.
medians_table() {
  local u=$1 w=$2 t tm k
  echo "| target | time | libFuzzer | AFL++ | cxxtest | cxxtest / libFuzzer | cxxtest / AFL++ |"
  echo "|---|---|---|---|---|---|---|"
  for t in $targets; do
    for tm in $times; do
      k="$u|$t|$w|$tm"
      echo "| $t | $(time_label "$tm") | $(cell "$k|libfuzzer") | $(cell "$k|afl") | $(cell "$k|cxxtest") | $(vs "$k|cxxtest" "$k|libfuzzer") | $(vs "$k|cxxtest" "$k|afl") |"
    done
  done
}

report_table() {
  local w=$1 t k own=0
  cat <<MD

### Edges covered, $(workers_label "$w")

Edges of the target's libFuzzer binary hit when it replays (\`-runs=0\`)
the seeds plus each engine's corpus at that time. Bold: cxxtest behind.

MD
  medians_table cov "$w"
  local f
  for k in "${!V[@]}"; do
    IFS='|' read -r -a f <<<"$k"
    if [ "${f[0]}" = own ] && [ "${f[2]}" = "$w" ]; then own=1; break; fi
  done
  if [ "$own" = 1 ]; then
    cat <<MD

The same corpora replayed through the same build with cxxtest's noisy-code
ignorelist (\`share/cxxtest/ignorelist.txt\`): no edges in the C++
standard library's own functions, which libFuzzer and AFL++ instrument and
follow and cxxtest leaves out by design (their code inlined into the
libraries' functions stays, as it does in cxxtest's builds).

MD
    medians_table own "$w"
  fi
  echo
  echo "Samples (edges per seed at $(time_label "$last_time"); corpus files at the end):"
  echo
  for t in $targets; do
    local e line="- $t:"
    for e in libfuzzer afl cxxtest; do
      line+=" ${engine_label[$e]} $(echo ${V["cov|$t|$w|$last_time|$e"]:-none} | tr ' ' '/') ($(echo ${V["files|$t|$w|$e"]:-?} | tr ' ' '/') files);"
    done
    echo "${line%;}"
  done
}

report_failures() {
  [ ${#failures[@]} -eq 0 ] && return 0
  printf '\nFailed (bench/realcode exited 1): %s\n' "${failures[*]}"
}

# write_chart: realcode.svg. Targets differ in size, so each point is the
# mean over targets of the engine's median edges as a share of the most
# any engine reached on that target in this run.
write_chart() {
  local tsv=$work/realcode.tsv w e t tm m best
  declare -A top=()
  for t in $targets; do
    best=0
    for w in $workers; do
      for e in libfuzzer afl cxxtest; do
        for tm in $times; do
          m=$(med "cov|$t|$w|$tm|$e")
          [ -n "$m" ] && best=$(awk -v a="$best" -v b="$m" 'BEGIN { print (b > a ? b : a) }')
        done
      done
    done
    top[$t]=$best
  done
  : >"$tsv"
  for w in $workers; do
    for e in libfuzzer afl cxxtest; do
      for tm in $times; do
        local sum=0 n=0
        for t in $targets; do
          m=$(med "cov|$t|$w|$tm|$e")
          [ -n "$m" ] && [ "${top[$t]}" != 0 ] || continue
          sum=$(awk -v s="$sum" -v m="$m" -v b="${top[$t]}" 'BEGIN { print s + 100 * m / b }') n=$((n + 1))
        done
        [ "$n" -gt 0 ] && printf '%s, %s\t%s\t%s\n' "${engine_label[$e]}" "$(workers_label "$w")" "$tm" \
          "$(awk -v s="$sum" -v n="$n" 'BEGIN { printf "%.2f", s / n }')" >>"$tsv"
      done
    done
  done
  "$work/bin/benchtool" svg -in "$tsv" -out "$out_dir/realcode.svg" \
    -title "Real code: coverage over time (median of $seeds, mean over targets)" \
    -ylabel "% of the best edge count per target" -note "targets: $targets"
}

write_results() {
  mkdir -p "$out_dir"
  local f=$out_dir/realcode-results.md w
  [ -s "$f" ] || printf '# bench/realcode results\n\nAppended by every run of `bench/realcode`; bench/README.md says how to read them.\n' >"$f"
  {
    report_header
    for w in $workers; do report_table "$w"; done
    report_failures
  } >>"$f"
  write_chart
}
