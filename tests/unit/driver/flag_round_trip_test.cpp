// flag_round_trip_test.cpp: every flag cxxtest forwards reaches the test
// binary with the value cxxtest parsed (runtime/flags/flags.def is the one table
// of both; this is the check that they agree).
#include <doctest/doctest.h>

#include <map>

#include "driver/cli_flags.h"

using namespace cxxtest::driver;
using cxxtest::runtime::FlagRoute;

namespace {

// Values to try per TYPE column, other than the defaults where possible.
const std::map<std::string, std::vector<std::string>> kSamples = {
    {"Bool", {"true", "false"}},     {"String", {"x y"}},
    {"Path", {"/tmp/a dir/x"}},      {"Pattern", {"(?i)parse/sub|Other", "Fuzz[A-Z]+/seed#0"}},
    {"Regexp", {"^Test(A|B)$"}},     {"Shuffle", {"on", "off", "-12345"}},
    {"Count", {"7", "0"}},           {"Positive", {"3"}},
    {"Size", {"100", "0"}},          {"Duration", {"1h2m3.5s", "0", "250ms"}},
    {"FuzzTime", {"1000x", "90s"}},  {"MinimizeTime", {"0", "5x", "1.5s"}},
    {"BenchTime", {"100x", "1.5s"}}, {"CpuList", {"1,2,4", "3"}},
};

// Every test flag's field, compared with its typed operator==.
void check_same(const TestFlags& driver, const TestFlags& binary, const std::string& given) {
#define CXXTEST_TEST_FLAG(TYPE, FIELD, NAME, DEFAULT, ROUTE, CACHE, USAGE) \
  CHECK_MESSAGE(driver.FIELD == binary.FIELD, "-" NAME " differs after " << given);
#include "runtime/flags/flags.def"
}

// cxxtest's parse, the forwarding, then the binary's parse of `args`.
void round_trip(const std::vector<std::string>& args) {
  std::string given;
  for (const auto& a : args) given += a + " ";
  auto opts = parse_options(args);
  REQUIRE_MESSAGE(opts.ok(), given << ": " << (opts.ok() ? "" : opts.error()));
  TestFlags binary;
  auto parsed = cxxtest::runtime::parse_flags(opts->test_binary_args(), binary);
  REQUIRE_MESSAGE(parsed.status == cxxtest::runtime::ParseStatus::Ok, given << ": " << parsed.error);
  CHECK(parsed.rest.empty());
  check_same(opts->test, binary, given);
}

}  // namespace

TEST_CASE("every forwarded flag round-trips, alone and all together") {
  std::vector<std::string> all;
  for (const FlagInfo& f : cxxtest::runtime::flag_infos()) {
    if (f.route != FlagRoute::Forward) continue;
    auto samples = kSamples.find(f.type);
    REQUIRE_MESSAGE(samples != kSamples.end(), "no sample values for flag type " << std::string(f.type));
    for (const auto& v : samples->second) {
      if (std::string(f.name) == "fuzzimport") {  // needs -fuzz beside it
        round_trip({"-fuzz=F", "-" + std::string(f.name) + "=" + v});
        continue;
      }
      round_trip({"-" + std::string(f.name) + "=" + v});
      if (!f.is_bool) round_trip({"-" + std::string(f.name), v});
    }
    all.push_back("-" + std::string(f.name) + "=" + samples->second.front());
  }
  round_trip(all);
}

TEST_CASE("only Forward flags reach the binary; build and internal ones do not") {
  auto opts = parse_options({"-race", "-p=2", "-x", "-v"});
  REQUIRE(opts.ok());
  CHECK(opts->test_binary_args() == std::vector<std::string>{"-test.v=true"});
  CHECK(parse_options({"-fuzzworker"}).error() == "flag provided but not defined: -fuzzworker");
  CHECK(parse_options({"-testlogfile=x"}).error() == "flag provided but not defined: -testlogfile");
}
