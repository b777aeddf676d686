// Variant names as other build systems spell them (CXXTEST_VARIANT for
// cxxtest-cc): parse_variant_name is the exact inverse of Variant::name().
#include <doctest/doctest.h>

#include <algorithm>

#include "instrument/variant.h"

using namespace cxxtest::instrument;

namespace {

std::vector<Variant> every_variant() {
  std::vector<Variant> out;
  for (Mode mode : {Mode::Plain, Mode::Fuzz})
    for (unsigned set = 0; set < 16; ++set)
      for (bool laf : {false, true}) out.push_back(Variant{mode, set, laf});
  return out;
}

}  // namespace

TEST_CASE("parse_variant_name round-trips every name") {
  for (const Variant& v : every_variant()) {
    CAPTURE(v.name());
    auto parsed = parse_variant_name(v.name());
    REQUIRE(parsed);
    CHECK(parsed->name() == v.name());
    CHECK(parsed->mode == v.mode);
    CHECK(parsed->sanitizers == v.sanitizers);
    CHECK(parsed->laf == (v.laf && v.mode == Mode::Fuzz));  // name() drops laf for plain builds
  }
}

TEST_CASE("parse_variant_name accepts only the spellings name() prints") {
  for (const char* bad : {"", "Fuzz", "asan", "fuzz-", "-fuzz", "fuzz--asan", "fuzz-tsan", "fuzz-ubsan-asan",
                          "fuzz-asan-asan", "plain-laf", "fuzz-laf-asan", "fuzz-laf-laf", "fuzz asan"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_variant_name(bad));
  }
}

TEST_CASE("buildable_variant_names lists the variants check_variant accepts") {
  auto names = buildable_variant_names();
  CHECK(names.size() == 18);  // {plain, fuzz, fuzz-laf} x {-, asan, ubsan, asan-ubsan, race, ubsan-race}
  CHECK(names[0] == "plain");
  CHECK(names[1] == "fuzz");
  for (const char* n : {"fuzz-laf", "fuzz-asan", "plain-ubsan", "fuzz-asan-ubsan-laf", "fuzz-ubsan-race"})
    CHECK(std::count(names.begin(), names.end(), n) == 1);
  for (const auto& n : names) {
    CAPTURE(n);
    CHECK(n.find("msan") == std::string::npos);
    REQUIRE(parse_variant_name(n));
    CHECK(check_variant(*parse_variant_name(n)) == "");
  }
}

TEST_CASE("apply_variant_flag sets what the cxxtest flag of that name selects") {
  Variant v;
  for (const char* f : {"fuzz", "asan", "ubsan", "laf"}) CHECK(apply_variant_flag(v, f));
  CHECK(v.name() == "fuzz-asan-ubsan-laf");
  CHECK_FALSE(apply_variant_flag(v, "tsan"));
  CHECK_FALSE(apply_variant_flag(v, "-asan"));
  CHECK(v.name() == "fuzz-asan-ubsan-laf");
}

TEST_CASE("the coverage stub archive belongs to fuzz variants") {
  CHECK(coverage_stub_archive(Variant{Mode::Fuzz, kAddress, false}) == "libcxxtest_covstub.a");
  CHECK(coverage_stub_archive(Variant{Mode::Plain, kAddress, false}) == "");
}
