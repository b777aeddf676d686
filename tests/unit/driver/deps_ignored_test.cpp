// Which of a dep's options its build system said it went on without.
#include "driver/deps_ignored.h"

#include <doctest/doctest.h>

using cxxtest::driver::cmake_ignored_options;
using cxxtest::driver::configure_ignored_options;
using V = std::vector<std::string>;

TEST_CASE("configure_ignored_options: configure's unrecognized options, only the user's") {
  // PCRE2 10.00's configure, given fuzzer-test-suite's options for a later one.
  std::string out =
      "checking for gcc... cc\n"
      "config.status: creating Makefile\n"
      "configure: WARNING: unrecognized options: --enable-never-backslash-C, --with-cxxtest-own\n";
  V options = {"--enable-never-backslash-C", "--with-match-limit=1000"};
  CHECK(configure_ignored_options(out, options) == V{"--enable-never-backslash-C"});
  // An option with a value is named without it.
  CHECK(configure_ignored_options("configure: WARNING: unrecognized options: --with-foo\n",
                                  V{"--with-foo=yes"}) == V{"--with-foo=yes"});
  CHECK(configure_ignored_options("configure: WARNING: unrecognized options: --with-foo",
                                  V{"--with-foo=yes"}) == V{"--with-foo=yes"});  // the last line, unended
  CHECK(configure_ignored_options(out, V{"--disable-shared"}).empty());
  CHECK(configure_ignored_options("all fine\n", options).empty());
}

TEST_CASE("cmake_ignored_options: CMake's manually-specified variables not used, only the user's") {
  std::string out =
      "-- Configuring done\n"
      "CMake Warning:\n"
      "  Manually-specified variables were not used by the project:\n"
      "\n"
      "    CMAKE_C_COMPILER_LAUNCHER\n"
      "    WITH_STATIC_LIBS\n"
      "\n"
      "\n"
      "-- Generating done\n"
      "    BUILD_TESTING\n";
  V options = {"-DWITH_STATIC_LIBS=ON", "-DBUILD_TESTING:BOOL=OFF", "-DWITH_ZLIB=ON", "--trace"};
  CHECK(cmake_ignored_options(out, options) == V{"-DWITH_STATIC_LIBS=ON"});
  CHECK(cmake_ignored_options("-- Configuring done\n", options).empty());
}
