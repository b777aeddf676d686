#!/bin/sh
# format_check.sh [--fix] [SOURCE_DIR]: checks every tracked .h/.cpp/.cc
# file against .clang-format and lists the ones that differ (exit 1), or
# with --fix rewrites them in place. Script-test fixtures live inside
# tests/script/*.txt, so they are never checked.
#
# Uses the clang-format on PATH (or $CLANG_FORMAT): the style was tuned
# with clang-format 14, and other versions may format a few lines
# differently.
set -eu

fix=false
if [ "${1:-}" = "--fix" ]; then
  fix=true
  shift
fi
root=${1:-$(dirname "$0")/../..}
cd "$root"
clang_format=${CLANG_FORMAT:-clang-format}

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "format_check: $(pwd) is not a git checkout: the checked files are git's tracked ones" >&2
  exit 2
fi

if $fix; then
  git ls-files -z '*.h' '*.cpp' '*.cc' | xargs -0 "$clang_format" -i
  exit 0
fi

# One clang-format for all files; each violation is reported as
# "FILE:LINE:COL: error: code should be clang-formatted", anything else it
# says (a bad .clang-format, a missing binary) is a failure of the check.
out=$(git ls-files -z '*.h' '*.cpp' '*.cc' | { xargs -0 "$clang_format" --dry-run -Werror 2>&1 || true; })
bad=$(printf '%s\n' "$out" |
  sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | uniq)
if [ -n "$out" ] && [ -z "$bad" ]; then
  printf 'format_check: %s failed:\n%s\n' "$clang_format" "$out" >&2
  exit 2
fi
if [ -n "$bad" ]; then
  echo "format_check: these files differ from .clang-format:"
  echo "$bad" | sed 's/^/  /'
  echo "format_check: fix them with: tests/lint/format_check.sh --fix (or clang-format -i FILE)"
  exit 1
fi
echo "format_check: $(git ls-files '*.h' '*.cpp' '*.cc' | wc -l) files follow .clang-format"
