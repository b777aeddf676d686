# common.sh: helpers shared by bench/run and bench/find (sourced, not run).
#
# Conventions: a function that measures prints one number on stdout, or
# nothing when the measurement failed (callers turn that into "n/a");
# progress and diagnostics go to stderr through `say`.

# say MSG...: one progress line on stderr, with the time of day.
say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# die MSG...: print the message and exit 1.
die() { say "error: $*"; exit 1; }

now_ns() { date +%s%N; }

# seconds_since T0_NS: wall seconds since T0_NS, 3 decimals.
seconds_since() { awk -v a="$1" -v b="$(now_ns)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }

# median: the median of the numbers on stdin (mean of the middle two for an
# even count); prints nothing when there is no number.
median() {
  { grep -E '^[0-9.]+$' || true; } | sort -g | awk '{ v[NR] = $1 }
    END { if (NR == 0) exit; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# is_number X: true when X is a plain non-negative number.
is_number() { [[ "$1" =~ ^[0-9]+(\.[0-9]+)?$ ]]; }

# ratio A B: A / B to 3 significant digits ("1.85x", "0.0123x"), or "n/a"
# when either is not a number or B is 0.
ratio() {
  if is_number "$1" && is_number "$2" && awk -v b="$2" 'BEGIN { exit !(b > 0) }'; then
    # Under 1 never prints as 1: where three digits round up to it, four
    # are cut, not rounded (2853 / 2854 is 0.9996x, 99999 / 100000 0.9999x),
    # so "0." always means behind.
    awk -v a="$1" -v b="$2" 'BEGIN {
      r = a / b
      if (r >= 1) { printf "%.2fx", r; exit }
      s = sprintf("%.3g", r); if (s + 0 >= 1) s = sprintf("%.4f", int(r * 10000) / 10000)
      printf "%sx", s
    }'
  else
    echo "n/a"
  fi
}

# human N: 1234567 -> 1.23M, 45678 -> 45.7k; non-numbers pass through.
human() {
  is_number "$1" || { echo "$1"; return; }
  awk -v n="$1" 'BEGIN {
    if (n >= 1e6) printf "%.2fM", n / 1e6; else if (n >= 1e4) printf "%.1fk", n / 1e3;
    else if (n >= 100) printf "%.0f", n; else printf "%.2f", n }'
}

# load_now: the 1-minute load average and the number of cores.
load_now() { echo "load $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores"; }

# need_packages CMD:PACKAGE...: installs with apt-get the Debian package of
# every command that is missing (apt-get update first, once).
need_packages() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  apt_install "${missing[@]}"
}

# need_headers FILE:PACKAGE...: the same for files (a library's headers).
need_headers() {
  local missing=() pair
  for pair in "$@"; do
    [ -e "${pair%%:*}" ] || missing+=("${pair#*:}")
  done
  apt_install "${missing[@]}"
}

# apt_install PACKAGE...: apt-get update and install them; nothing when
# there are none; dies when that fails or needs root it does not have.
apt_install() {
  [ $# -eq 0 ] && return 0
  say "installing $* with apt-get"
  [ "$(id -u)" -eq 0 ] || die "missing $*: run as root or install them"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2 ||
    die "apt-get install $* failed"
}

# record KEY ENGINE VALUE LOGDIR: appends one sample to V[KEY]; an empty
# VALUE means ENGINE failed to run: it goes into failures (the script exits
# 1) and the end of LOGDIR/log is shown.
record() {
  local key=$1 engine=$2 value=$3 dir=$4
  if [ -n "$value" ]; then
    V[$key]+="$value "
    return
  fi
  failures+=("$engine:$key")
  say "FAILED: $engine $key (log in $dir)"
  tail -5 "$dir/log" >&2 2>/dev/null || true
}

# sleep_until T0_NS SECS: sleeps until SECS seconds after T0_NS.
sleep_until() {
  local left
  left=$(awk -v t0="$1" -v s="$2" -v now="$(now_ns)" 'BEGIN { l = s - (now - t0) / 1e9; printf "%.3f", (l > 0 ? l : 0) }')
  sleep "$left"
}

# check_libfuzzer: clang++ can link a -fsanitize=fuzzer binary.
check_libfuzzer() {
  local d; d=$(mktemp -d)
  printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' > "$d/t.cc"
  clang++ -fsanitize=fuzzer "$d/t.cc" -o "$d/t" 2>"$d/err" || { cat "$d/err" >&2; rm -rf "$d"; die "clang++ -fsanitize=fuzzer does not link (Debian: libclang-rt-14-dev)"; }
  rm -rf "$d"
}

# find_cxxtest [PATH]: the cxxtest binary to measure: PATH, else the
# repository's build/bin, else /tmp/build-lead/bin, else one on $PATH.
find_cxxtest() {
  local c
  for c in "${1:-}" "$bench_dir/../build/bin/cxxtest" /tmp/build-lead/bin/cxxtest "$(command -v cxxtest || true)"; do
    [ -n "$c" ] && [ -x "$c" ] && { (cd "$(dirname "$c")" && echo "$PWD/$(basename "$c")"); return; }
  done
  die "no cxxtest binary: build it (cmake + ninja) or pass --cxxtest=PATH"
}

# go_env DIR: Go settings that keep every Go file under DIR and need no
# network (the bench modules have no dependencies).
go_env() {
  export GOCACHE="$1/gocache" GOPATH="$1/gopath" GOMODCACHE="$1/gopath/pkg/mod"
  export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GO111MODULE=on GOTELEMETRY=off
}
