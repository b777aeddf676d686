// flags_test.cpp: the -test.* flag parser (runtime/flags/flags.h).
#include "flags/flags.h"

#include <doctest/doctest.h>

using namespace cxxtest::runtime;

namespace {

ParseResult parse(std::vector<std::string> args, Flags& f) { return parse_flags(args, f); }

}  // namespace

TEST_CASE("defaults") {
  Flags f;
  CHECK_FALSE(f.verbose);
  CHECK(f.count == 1);
  CHECK(f.timeout == 600 * kSecond);
  CHECK(f.parallel == default_parallelism());
  CHECK(f.parallel >= 1);
  CHECK(f.fuzztime == DurationOrCount{});
  CHECK(f.fuzzminimizetime.duration == 60 * kSecond);
}

TEST_CASE("values with = and as the next argument, one or two dashes") {
  Flags f;
  ParseResult r = parse({"-test.run=A/B", "--test.count", "3", "-test.v", "-test.timeout=1.5s",
                         "-test.short=true", "-test.parallel", "7", "-test.fuzztime=100x",
                         "-test.fuzzminimizetime=0", "-test.testlogfile", "/tmp/log"},
                        f);
  REQUIRE(r.status == ParseStatus::Ok);
  CHECK(f.run == "A/B");
  CHECK(f.count == 3);
  CHECK(f.verbose);
  CHECK(f.timeout == 1'500'000'000);
  CHECK(f.short_mode);
  CHECK(f.parallel == 7);
  CHECK(f.fuzztime.count == 100);
  CHECK(f.fuzzminimizetime == DurationOrCount{});
  CHECK(f.testlogfile == "/tmp/log");
}

TEST_CASE("parsing stops at the first non-flag argument") {
  Flags f;
  ParseResult r = parse({"-test.v", "positional", "-test.count=2"}, f);
  CHECK(r.status == ParseStatus::Ok);
  CHECK(r.rest == std::vector<std::string>{"positional", "-test.count=2"});
  CHECK(f.count == 1);
  CHECK(parse({"--", "-test.count=2"}, f).rest.size() == 1);
}

TEST_CASE("errors use Go's texts") {
  auto error_of = [](std::vector<std::string> args) {
    Flags f;
    ParseResult r = parse_flags(args, f);
    CHECK(r.status == ParseStatus::Error);
    return r.error;
  };
  CHECK(error_of({"-test.foo"}) == "flag provided but not defined: -test.foo");
  CHECK(error_of({"-test.count=-1"}) == "invalid value \"-1\" for flag -test.count: parse error");
  CHECK(error_of({"-test.count=99999999999999999999"}) ==
        "invalid value \"99999999999999999999\" for flag -test.count: value out of range");
  CHECK(error_of({"-test.timeout=1"}) == "invalid value \"1\" for flag -test.timeout: parse error");
  CHECK(error_of({"-test.fuzztime=0s"}) == "invalid value \"0s\" for flag -test.fuzztime: invalid duration");
  CHECK(error_of({"-test.fuzztime=-3x"}) == "invalid value \"-3x\" for flag -test.fuzztime: invalid count");
  CHECK(error_of({"-test.v=2"}) == "invalid boolean value \"2\" for -test.v: parse error");
  CHECK(error_of({"-test.parallel"}) == "flag needs an argument: -test.parallel");
  CHECK(error_of({"-=x"}) == "bad flag syntax: -=x");
}

TEST_CASE("a flag not named test.* starts the test's own arguments (cxxtest::Args)") {
  Flags f;
  ParseResult r = parse({"-test.v", "-n=3", "-test.count=2", "file"}, f);
  CHECK(r.status == ParseStatus::Ok);
  CHECK(f.verbose);
  CHECK(f.count == 1);
  CHECK(r.rest == std::vector<std::string>{"-n=3", "-test.count=2", "file"});
}

TEST_CASE("-test.shuffle takes off, on or an int64") {
  Flags f;
  CHECK(f.shuffle == "off");
  CHECK(parse({"-test.shuffle=on"}, f).status == ParseStatus::Ok);
  CHECK(parse({"-test.shuffle=-5"}, f).status == ParseStatus::Ok);
  CHECK(f.shuffle == "-5");
  ParseResult r = parse({"-test.shuffle=often"}, f);
  CHECK(r.error == "invalid value \"often\" for flag -test.shuffle: must be \"on\", \"off\", or an int64");
}

TEST_CASE("-h and -help ask for the usage") {
  Flags f;
  CHECK(parse({"-h"}, f).status == ParseStatus::Help);
  CHECK(parse({"-help"}, f).status == ParseStatus::Help);
}

TEST_CASE("usage lists every flag in Go's PrintDefaults shape") {
  std::string u = flags_usage();
  CHECK(u.rfind("  -test.v\n    \tverbose: print additional output\n", 0) == 0);
  CHECK(u.find("  -test.run regexp\n    \trun only tests matching regexp\n") != u.npos);
  CHECK(u.find("  -test.timeout d\n    \tpanic test binary after duration d (0 means no "
               "timeout) (default 10m0s)\n") != u.npos);
  CHECK(u.find("  -test.fuzztime value\n") != u.npos);
  CHECK(u.find("  -test.shuffle string\n") != u.npos);
  CHECK(u.find("  -test.race") == u.npos);  // build flags are cxxtest's only
  CHECK(u.find("(default 1m0s)") != u.npos);
  for (const char* name : {"v", "run", "skip", "count", "timeout", "short", "failfast", "list", "parallel",
                           "testlogfile", "fuzz", "fuzztime", "fuzzminimizetime", "fuzzcachedir",
                           "fuzzimport", "fuzzworker", "shuffle", "fullpath"}) {
    CAPTURE(name);
    CHECK(u.find("  -test." + std::string(name)) != u.npos);
  }
}
