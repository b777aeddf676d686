#include <doctest/doctest.h>

#include "driver/cli_flags.h"
#include "instrument/noinstrument.h"

using namespace cxxtest::driver;

TEST_CASE("flags in both forms, packages anywhere") {
  auto o = parse_options({"-v", "-run", "TestA/sub", "./...", "-count=2", "--short"});
  REQUIRE(o.ok());
  CHECK(o->packages == std::vector<std::string>{"./..."});
  CHECK(o->test.verbose);
  CHECK(o->test.run == "TestA/sub");
  CHECK(o->test_binary_args() ==
        std::vector<std::string>{"-test.v=true", "-test.run=TestA/sub", "-test.count=2", "-test.short=true"});
  CHECK_FALSE(o->cacheable());  // -count disables the test cache
  CHECK(parse_options({"-v", "-run=X"})->cacheable());
}

TEST_CASE("bad flags say what is wrong") {
  CHECK(parse_options({"-bogus"}).error() == "flag provided but not defined: -bogus");
  CHECK(parse_options({"-count=abc"}).error() == "invalid value \"abc\" for flag -count: parse error");
  CHECK(parse_options({"-parallel=0"}).error() ==
        "invalid value \"0\" for flag -parallel: must be a positive integer");
  CHECK(parse_options({"-run"}).error() == "flag needs an argument: -run");
  CHECK(parse_options({"-fuzztime=0x"}).error() == "invalid value \"0x\" for flag -fuzztime: invalid count");
  CHECK(parse_options({"-fuzzminimizetime=-1ms"}).error() ==
        "invalid value \"-1ms\" for flag -fuzzminimizetime: invalid duration");
  CHECK(parse_options({"-run=("}).error() ==
        "invalid value \"(\" for flag -run: error parsing regexp: missing closing ): `(`");
  CHECK(parse_options({"-run=A/b["}).error() ==
        "invalid value \"A/b[\" for flag -run: error parsing regexp: missing closing ]: `[`");
  CHECK(
      parse_options({"-list=a**"}).error() ==
      "invalid value \"a**\" for flag -list: error parsing regexp: invalid nested repetition operator: `**`");
  CHECK(parse_options({"-shuffle=sometimes"}).error() ==
        "invalid value \"sometimes\" for flag -shuffle: must be \"on\", \"off\", or an int64");
  CHECK(parse_options({"-run=(?i)parse"}).ok());  // Go's syntax, which std::regex rejected
}

TEST_CASE("-args passes the rest verbatim") {
  auto o = parse_options({"./p", "-args", "-x", "y"});
  REQUIRE(o.ok());
  CHECK(o->test_binary_args() == std::vector<std::string>{"-x", "y"});
  CHECK_FALSE(o->build.print_commands);
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
