#include <doctest/doctest.h>

#include "driver/cli_flags.h"
#include "driver/durations.h"
#include "instrument/noinstrument.h"

using namespace cxxtest::driver;

TEST_CASE("flags in both forms, packages anywhere") {
  auto o = parse_options({"-v", "-run", "TestA/sub", "./...", "-count=2", "--short"});
  REQUIRE(o.ok());
  CHECK(o->packages == std::vector<std::string>{"./..."});
  CHECK(o->flag("v"));
  CHECK(o->get("run") == "TestA/sub");
  CHECK(o->test_binary_args() ==
        std::vector<std::string>{"-test.v=true", "-test.run=TestA/sub", "-test.count=2", "-test.short=true"});
  CHECK_FALSE(o->cacheable());  // -count disables the test cache
  CHECK(parse_options({"-v", "-run=X"})->cacheable());
}

TEST_CASE("bad flags say what is wrong") {
  CHECK(parse_options({"-bogus"}).error() == "flag provided but not defined: -bogus");
  CHECK(parse_options({"-count=abc"}).error() == "invalid value \"abc\" for flag -count: parse error");
  CHECK(parse_options({"-parallel=0"}).error() == "invalid value \"0\" for flag -parallel: must be a positive integer");
  CHECK(parse_options({"-run"}).error() == "flag needs an argument: -run");
  CHECK(parse_options({"-fuzztime=0x"}).error() == "invalid value \"0x\" for flag -fuzztime: invalid count \"0x\"");
  CHECK(parse_options({"-fuzzminimizetime=-1ms"}).error() ==
        "invalid value \"-1ms\" for flag -fuzzminimizetime: invalid duration \"-1ms\"");
  CHECK(parse_options({"-run=("}).error().rfind("invalid value \"(\" for flag -run: bad regexp", 0) == 0);
}

TEST_CASE("-args passes the rest verbatim") {
  auto o = parse_options({"./p", "-args", "-x", "y"});
  REQUIRE(o.ok());
  CHECK(o->test_binary_args() == std::vector<std::string>{"-x", "y"});
  CHECK_FALSE(o->flag("x"));
}

TEST_CASE("go durations") {
  CHECK(parse_duration("0") == 0);
  CHECK(parse_duration("1s") == 1000000000);
  CHECK(parse_duration("1.5s") == 1500000000);
  CHECK(parse_duration("2m3s") == 123000000000);
  CHECK(parse_duration("300ms") == 300000000);
  CHECK(parse_duration("1h") == 3600000000000);
  CHECK(parse_duration("-1ms") == -1000000);
  CHECK_FALSE(parse_duration("10"));
  CHECK_FALSE(parse_duration("s"));
  CHECK_FALSE(parse_duration("1x"));
  CHECK(check_fuzz_limit("1000x", false) == "");
  CHECK(check_fuzz_limit("0s", true) == "");
  CHECK(check_fuzz_limit("0s", false) == "invalid duration \"0s\"");
  CHECK(check_fuzz_limit("-1x", true) == "invalid count \"-1x\"");
}

TEST_CASE("noinstrument globs") {
  using cxxtest::instrument::glob_match;
  CHECK(glob_match("third_party/**", "third_party/zlib/inflate.c"));
  CHECK(glob_match("**/gen_*.cpp", "a/b/gen_x.cpp"));
  CHECK(glob_match("**/gen_*.cpp", "gen_x.cpp"));
  CHECK(glob_match("vendor/*.cpp", "vendor/a.cpp"));
  CHECK_FALSE(glob_match("vendor/*.cpp", "vendor/sub/a.cpp"));
  CHECK_FALSE(glob_match("third_party/**", "src/third_party.cpp"));
  CHECK(glob_match("a?c", "abc"));
  CHECK_FALSE(glob_match("a?c", "a/c"));
}
