// Build variants: [fuzz] laf gives fuzz builds their own name (so their own
// build directory) and the -fpass-plugin flag; other builds ignore it.
#include <doctest/doctest.h>

#include <algorithm>

#include "instrument/variant.h"

using namespace cxxtest::instrument;

namespace {

bool has(const std::vector<std::string>& flags, const std::string& f) {
  return std::find(flags.begin(), flags.end(), f) != flags.end();
}

}  // namespace

TEST_CASE("laf names its own variant only when fuzzing") {
  Variant fuzz{Mode::Fuzz, kNoSanitizer, false};
  Variant laf{Mode::Fuzz, kNoSanitizer, true};
  Variant laf_asan{Mode::Fuzz, kAddress, true};
  Variant plain_laf{Mode::Plain, kNoSanitizer, true};
  CHECK(fuzz.name() == "fuzz");
  CHECK(laf.name() == "fuzz-laf");
  CHECK(laf_asan.name() == "fuzz-asan-laf");
  CHECK(plain_laf.name() == "plain");
}

TEST_CASE("sanitizer_options spells the cxxtest flags of the variant's sanitizers") {
  CHECK(Variant{Mode::Fuzz, kNoSanitizer, true}.sanitizer_options() == "");
  CHECK(Variant{Mode::Fuzz, kAddress | kUndefined, false}.sanitizer_options() == "-asan -ubsan");
  CHECK(Variant{Mode::Plain, kThread, false}.sanitizer_options() == "-race");
}

TEST_CASE("-ubsan is OSS-Fuzz's set: undefined less the checks C libraries trip on working code") {
  auto flags = uninstrumented_flags(Variant{Mode::Plain, kUndefined, false});
  CHECK(has(flags, "-fsanitize=undefined"));
  CHECK(has(flags, "-fno-sanitize=alignment,pointer-overflow,nonnull-attribute,float-cast-overflow"));
  for (const auto& f : uninstrumented_flags(Variant{Mode::Plain, kAddress, false}))
    CHECK(f.find("-fno-sanitize=") == std::string::npos);
}

TEST_CASE("laf adds the pass plugin to instrumented code only") {
  Variant laf{Mode::Fuzz, kNoSanitizer, true};
  CHECK(has(instrumented_flags(laf, "ign.txt", "/p/lib/cxxtest/cxxtest-laf.so"),
            "-fpass-plugin=/p/lib/cxxtest/cxxtest-laf.so"));
  CHECK(has(instrumented_flags(laf, "ign.txt", "/p.so"),
            "-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp,stack-depth"));
  Variant fuzz{Mode::Fuzz, kNoSanitizer, false};
  // libFuzzer's codegen (branches kept), without its indirect-call hook.
  CHECK(has(instrumented_flags(fuzz, "ign.txt", "/p.so"), "-fsanitize=fuzzer-no-link"));
  CHECK(has(instrumented_flags(fuzz, "ign.txt", "/p.so"), "-fno-sanitize-coverage=indirect-calls"));
  for (const auto& f : instrumented_flags(Variant{Mode::Plain, kNoSanitizer, false}, "ign.txt", "/p.so"))
    CHECK(f.find("fuzzer") == std::string::npos);
  for (const auto& f : instrumented_flags(fuzz, "ign.txt", "/p.so"))
    CHECK(f.find("pass-plugin") == std::string::npos);
  for (const auto& f : uninstrumented_flags(laf)) CHECK(f.find("pass-plugin") == std::string::npos);
  for (const auto& f : instrumented_flags(Variant{Mode::Plain, kNoSanitizer, true}, "ign.txt", "/p.so"))
    CHECK(f.find("pass-plugin") == std::string::npos);
}
