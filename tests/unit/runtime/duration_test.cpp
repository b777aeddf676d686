// duration_test.cpp: Go's duration syntax (runtime/flags/duration.h).
#include "flags/duration.h"

#include <doctest/doctest.h>

using namespace cxxtest::runtime;

TEST_CASE("parse_duration accepts Go's forms") {
  CHECK(parse_duration("0") == 0);
  CHECK(parse_duration("300ms") == 300'000'000);
  CHECK(parse_duration("1.5s") == 1'500'000'000);
  CHECK(parse_duration("2m") == 120 * kSecond);
  CHECK(parse_duration("1h2m") == 3720 * kSecond);
  CHECK(parse_duration("-1.5h") == -5400 * kSecond);
  CHECK(parse_duration("+10us") == 10'000);
  CHECK(parse_duration("10\u00b5s") == 10'000);
  CHECK(parse_duration(".5s") == 500'000'000);
  CHECK(parse_duration("1ns") == 1);
  CHECK(parse_duration("2562047h47m16.854775807s") == INT64_MAX);
}

TEST_CASE("parse_duration rejects malformed input") {
  for (const char* bad :
       {"", "1", "s", "1x", "1.s.", ".s", "-", "1h-2m", "10 s", "9223372036854775808ns", "3000000h"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_duration(bad).has_value());
  }
}

TEST_CASE("format_duration matches Go's Duration.String") {
  CHECK(format_duration(0) == "0s");
  CHECK(format_duration(1) == "1ns");
  CHECK(format_duration(1'500) == "1.5\u00b5s");
  CHECK(format_duration(300'000'000) == "300ms");
  CHECK(format_duration(kSecond) == "1s");
  CHECK(format_duration(1'500'000'000) == "1.5s");
  CHECK(format_duration(600 * kSecond) == "10m0s");
  CHECK(format_duration(3720 * kSecond) == "1h2m0s");
  CHECK(format_duration(-2 * kSecond) == "-2s");
}

TEST_CASE("round_to_second and format_seconds") {
  CHECK(round_to_second(499'999'999) == 0);
  CHECK(round_to_second(500'000'000) == kSecond);
  CHECK(round_to_second(1'700'000'000) == 2 * kSecond);
  CHECK(format_seconds(0) == "0.00s");
  CHECK(format_seconds(1'234'000'000) == "1.23s");
}
