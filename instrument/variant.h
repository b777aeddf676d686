// A build variant: how a test binary is compiled. Each variant has its own
// build directory (and so its own cached objects and binaries).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::instrument {

enum class Mode { Plain, Fuzz };

// Sanitizers, combinable as bits.
enum Sanitizer : unsigned {
  kNoSanitizer = 0,
  kAddress = 1,
  kUndefined = 2,
  kThread = 4,
  kMemory = 8,
};

struct Variant {
  Mode mode = Mode::Plain;
  unsigned sanitizers = kNoSanitizer;
  // [fuzz] laf: fuzz builds also load the laf pass plugin (instrument/laf),
  // which splits wide compares into byte steps. Ignored when not fuzzing.
  bool laf = false;
  // -cover: module code also gets LLVM source-based coverage
  // (-fprofile-instr-generate -fcoverage-mapping). Plain mode only.
  bool cover = false;
  // -bench: module code at -O2, and the counting malloc linked in (the
  // "-bench" suffix of the name, before "-cover"): timing -O1 would mislead.
  bool bench = false;

  // Directory-safe name: "plain", "fuzz", "plain-asan-ubsan", "fuzz-laf",
  // "plain-cover", "plain-bench", ...
  std::string name() const;
  // The cxxtest flags that select its sanitizers: "-asan -ubsan", "-race", "".
  std::string sanitizer_options() const;
};

// The inverse of Variant::name(): "fuzz-asan-laf" is {Fuzz, kAddress, laf}.
// Accepts exactly the spellings name() prints: "plain" or "fuzz", then each
// sanitizer at most once in name()'s order, then "-laf" after "fuzz" only
// or "-bench" then "-cover" after "plain" only.
// nullopt for anything else. A parsed name may still fail check_variant().
std::optional<Variant> parse_variant_name(std::string_view name);

// The names of every variant check_variant() accepts, in a stable order
// (plain, fuzz, fuzz-laf, plain-cover, plain-bench, then the same with each
// sanitizer set).
std::vector<std::string> buildable_variant_names();

// Sets the part of `v` that the cxxtest flag `flag` (without its dash)
// selects: "fuzz", "laf", "cover", "bench", or a sanitizer ("asan", "ubsan", "race", "msan").
// False, `v` unchanged, for any other name.
bool apply_variant_flag(Variant& v, std::string_view flag);

// Checks that the sanitizer combination can be built; returns "" or the
// user-facing reason ("-race and -asan cannot be used together").
std::string check_variant(const Variant& v);

// Flags for module code (package sources and test files) that is instrumented.
// `laf_plugin` is the path of cxxtest-laf.so, loaded when v.laf is set.
std::vector<std::string> instrumented_flags(const Variant& v, const std::string& ignorelist,
                                            const std::string& laf_plugin = "");

// Every build cxxtest makes, of every variant, defines this macro, as
// OSS-Fuzz, AFL++'s compilers and the fuzzer-test-suite do: libraries
// (OpenSSL, libxml2, RE2, c-ares...) use it to skip checksums, fix their
// randomness or bound costly paths. Plain builds define it too, since they
// replay the reproducers fuzzing writes, which must fail there the same
// way; a test binary is never a production build. Discovery parses with it.
inline constexpr const char* kFuzzingBuildMode = "-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION";

// Flags for code never instrumented in this variant (the generated main,
// files matched by [fuzz] noinstrument): kFuzzingBuildMode and sanitizers
// yes, coverage no.
std::vector<std::string> uninstrumented_flags(const Variant& v);

// Flags for the link step.
std::vector<std::string> link_flags(const Variant& v);

// The comparison-interception archive (runtime/intercept) a variant links
// whole, by file name under lib/cxxtest: libcxxtest_intercept.a for fuzzing
// without a sanitizer, libcxxtest_sanhooks.a for fuzzing with one (the
// sanitizer intercepts the functions itself), "" when not fuzzing.
std::string interception_archive(const Variant& v);

// The malloc archive (runtime/malloc) a test binary links whole, by file
// name under lib/cxxtest: libcxxtest_benchmem.a (counts allocations and
// checks the one-allocation limit) for -bench, libcxxtest_malloclimit.a
// (checks) for other builds, "" under ASan, TSan or MSan, which own malloc
// (the runtime counts and checks through their malloc hook instead).
std::string malloc_archive(const Variant& v);

// The coverage stub archive (runtime/covstub), by file name under
// lib/cxxtest, that lets code compiled with instrumented_flags() link
// without the cxxtest runtime: weak no-op __sanitizer_cov_* callbacks, no
// other dependency. libcxxtest_covstub.a for fuzz variants, "" otherwise.
// Only for programs an external build links on its own (cxxtest-cc); test
// binaries link the runtime, which defines the callbacks for real.
std::string coverage_stub_archive(const Variant& v);

}  // namespace cxxtest::instrument
