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
      for (bool laf : {false, true})
        for (bool cover : {false, true})
          for (bool bench : {false, true})
            if (!((cover || bench) && (laf || mode == Mode::Fuzz)))
              out.push_back(Variant{mode, set, laf, cover, bench});
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
    CHECK(parsed->cover == v.cover);
    CHECK(parsed->bench == v.bench);
  }
}

TEST_CASE("parse_variant_name accepts only the spellings name() prints") {
  for (const char* bad : {"",
                          "Fuzz",
                          "asan",
                          "fuzz-",
                          "-fuzz",
                          "fuzz--asan",
                          "fuzz-tsan",
                          "fuzz-ubsan-asan",
                          "fuzz-asan-asan",
                          "plain-laf",
                          "fuzz-laf-asan",
                          "fuzz-laf-laf",
                          "fuzz asan",
                          "fuzz-cover",
                          "plain-cover-asan",
                          "plain-cover-cover",
                          "fuzz-bench",
                          "plain-bench-asan",
                          "plain-cover-bench",
                          "plain-bench-bench"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_variant_name(bad));
  }
}

TEST_CASE("buildable_variant_names lists the variants check_variant accepts") {
  auto names = buildable_variant_names();
  CHECK(names.size() == 30);  // {plain, fuzz, fuzz-laf, plain-cover, plain-bench} x {-, asan, ubsan,
                              // asan-ubsan, race, ubsan-race}
  CHECK(names[0] == "plain");
  CHECK(names[1] == "fuzz");
  for (const char* n : {"fuzz-laf", "fuzz-asan", "plain-ubsan", "fuzz-asan-ubsan-laf", "fuzz-ubsan-race",
                        "plain-cover", "plain-asan-cover", "plain-bench", "plain-asan-bench"})
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

TEST_CASE("-cover is a plain build with source-based coverage in compiles and the link") {
  Variant v;
  CHECK(apply_variant_flag(v, "cover"));
  CHECK(v.name() == "plain-cover");
  auto compile = instrumented_flags(v, "ign.txt");
  CHECK(std::count(compile.begin(), compile.end(), "-fcoverage-mapping") == 1);
  auto link = link_flags(v);
  CHECK(std::count(link.begin(), link.end(), "-fprofile-instr-generate") == 1);
  auto plain = uninstrumented_flags(v);  // the generated main is never measured
  CHECK(std::count(plain.begin(), plain.end(), "-fcoverage-mapping") == 0);
  v.mode = Mode::Fuzz;
  CHECK(check_variant(v) == "-cover cannot be used with -fuzz");
}

TEST_CASE("the coverage stub archive belongs to fuzz variants") {
  CHECK(coverage_stub_archive(Variant{Mode::Fuzz, kAddress, false}) == "libcxxtest_covstub.a");
  CHECK(coverage_stub_archive(Variant{Mode::Plain, kAddress, false}) == "");
}

TEST_CASE("-bench is a plain build at -O2 with the counting malloc, but not where a sanitizer owns malloc") {
  Variant v;
  CHECK(apply_variant_flag(v, "bench"));
  CHECK(v.name() == "plain-bench");
  for (const auto& flags : {instrumented_flags(v, "ign.txt"), uninstrumented_flags(v)})
    CHECK(std::count(flags.begin(), flags.end(), "-O2") == 1);
  CHECK(malloc_archive(v) == "libcxxtest_benchmem.a");
  CHECK(malloc_archive(Variant{Mode::Plain, kUndefined, false, false, true}) == "libcxxtest_benchmem.a");
  CHECK(malloc_archive(Variant{Mode::Plain, kAddress, false, false, true}) == "");
  CHECK(malloc_archive(Variant{Mode::Plain, kThread, false, false, true}) == "");
  CHECK(malloc_archive(Variant{}) == "libcxxtest_malloclimit.a");
  CHECK(malloc_archive(Variant{Mode::Fuzz, kNoSanitizer}) == "libcxxtest_malloclimit.a");
  CHECK(malloc_archive(Variant{Mode::Fuzz, kUndefined}) == "libcxxtest_malloclimit.a");
  CHECK(malloc_archive(Variant{Mode::Fuzz, kAddress}) == "");
}
