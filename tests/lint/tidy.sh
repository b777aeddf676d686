#!/bin/sh
# tidy.sh [-p BUILD_DIR] [FILE...]: runs clang-tidy (the root .clang-tidy)
# on the given sources, or, with none, on the .cpp/.cc files changed since
# main (committed or not); `--all` checks every source in the build's
# compile_commands.json (about 30 min on 2 busy cores, so it is no ctest
# test). It reads BUILD_DIR/compile_commands.json (the top CMakeLists.txt
# always writes it; default BUILD_DIR: build/).
# Prints clang-tidy's findings; exits 1 if there are any.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build
if [ "${1:-}" = "-p" ]; then
  build=$2
  shift 2
fi
db=$build/compile_commands.json
if [ ! -f "$db" ]; then
  echo "tidy: no $db: configure the build first (cmake -S . -B build)" >&2
  exit 2
fi
cd "$root"

if [ "${1:-}" = "--all" ]; then
  files=$(sed -n 's/^ *"file": "\(.*\)",*$/\1/p' "$db" | sort -u)
elif [ $# -gt 0 ]; then
  files=$*
else
  base=$(git merge-base HEAD main 2>/dev/null || echo HEAD)
  files=$({ git diff --name-only "$base" -- '*.cpp' '*.cc'; git ls-files --others --exclude-standard '*.cpp' '*.cc'; } | sort -u)
fi
# Only sources the build compiles have flags; headers are checked through them.
checked=""
for f in $files; do
  case $f in /*) abs=$f ;; *) abs=$root/$f ;; esac
  if [ -f "$abs" ] && grep -q "\"file\": \"$abs\"" "$db"; then checked="$checked $abs"; fi
done
if [ -z "$checked" ]; then
  echo "tidy: no compiled source to check"
  exit 0
fi

out=$(printf '%s\n' $checked | xargs -n 1 -P "${TIDY_JOBS:-2}" clang-tidy -p "$build" --quiet 2>/dev/null || true)
findings=$(printf '%s\n' "$out" | grep -c ': warning: \|: error: ' || true)
if [ "$findings" -gt 0 ]; then
  printf '%s\n' "$out"
  echo "tidy: $findings findings"
  exit 1
fi
echo "tidy: $(printf '%s\n' $checked | wc -l) files, no findings"
