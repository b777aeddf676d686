#!/usr/bin/env bash
# install_test.sh BUILD_DIR SOURCE_DIR: `cmake --install` into a fresh
# prefix, then check that the installed cxxtest finds its runtime, header,
# discovery tool and share files and tests the bundled example from there.
set -euo pipefail
build=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

for f in bin/cxxtest libexec/cxxtest/cxxtest-discover lib/cxxtest/libcxxtest_runtime.a \
         include/cxxtest/cxxtest.h include/cxxtest/value.h share/cxxtest/cxxtest.mk \
         share/cxxtest/cxxtest.cmake share/man/man1/cxxtest.1; do
  [ -e "$prefix/$f" ] || { echo "install_test: missing $prefix/$f" >&2; exit 1; }
done
# The laf plugin is optional (built when LLVM's dev files are there).
if [ -e "$build/lib/cxxtest/cxxtest-laf.so" ] && [ ! -e "$prefix/lib/cxxtest/cxxtest-laf.so" ]; then
  echo "install_test: missing $prefix/lib/cxxtest/cxxtest-laf.so" >&2
  exit 1
fi

# The compiler wrappers are links to cxxtest, and link programs with the
# installed coverage stub and ignorelist.
for w in cxxtest-cc cxxtest-c++; do
  [ "$(readlink "$prefix/bin/$w")" = cxxtest ] || { echo "install_test: $prefix/bin/$w is not a link to cxxtest" >&2; exit 1; }
done
[ -e "$prefix/lib/cxxtest/libcxxtest_covstub.a" ] || { echo "install_test: missing libcxxtest_covstub.a" >&2; exit 1; }
printf 'int main(void) { return 0; }\n' >"$work/hello.c"
wrapped=$(CXXTEST_WRAPPER_VERBOSE=1 "$prefix/bin/cxxtest-cc" -o "$work/hello" "$work/hello.c" 2>&1) &&
  grep -q -- "-fsanitize-coverage-ignorelist=$prefix/share/cxxtest/ignorelist.txt" <<<"$wrapped" &&
  grep -q -- "$prefix/lib/cxxtest/libcxxtest_covstub.a" <<<"$wrapped" && "$work/hello" ||
  { echo "install_test: the installed cxxtest-cc did not build a program: $wrapped" >&2; exit 1; }

cp -r "$src/examples/calc" "$work/calc"
# The example as shipped: the README's first command may have left the
# reproducer it found in testdata/fuzz/, which fails `cxxtest ./...` by design.
rm -rf "$work"/calc/*/testdata/fuzz
export CXXTESTCACHE=$work/cache
out=$(cd "$work/calc" && "$prefix/bin/cxxtest" ./...)
echo "$out"
grep -q $'^ok  \texample.com/calc/expr\t' <<<"$out" || { echo "install_test: expr did not pass" >&2; exit 1; }
grep -q $'^ok  \texample.com/calc/lexer\t' <<<"$out" || { echo "install_test: lexer did not pass" >&2; exit 1; }
[ "$("$prefix/bin/cxxtest" env CXXTESTROOT)" = "$prefix" ] || { echo "install_test: wrong CXXTESTROOT" >&2; exit 1; }
echo "install_test: ok"
