#include "instrument/variant.h"

#include <algorithm>
#include <iterator>

namespace cxxtest::instrument {

namespace {

// suffix: the variant name's part, which is also the cxxtest flag's name.
struct SanitizerInfo {
  Sanitizer bit;
  const char* suffix;
  const char* flag;
};
constexpr SanitizerInfo kSanitizers[] = {
    {kAddress, "asan", "-fsanitize=address"},
    {kUndefined, "ubsan", "-fsanitize=undefined"},
    {kThread, "race", "-fsanitize=thread"},
    {kMemory, "msan", "-fsanitize=memory"},
};

// libFuzzer's own flag, for what it does besides the coverage flags above:
// clang marks every function optforfuzzing, and the optimizer then keeps
// the branches it would otherwise fold into selects. A range test such as
// `('a' <= c && c <= 'z') || c == '_'` stays edges, so an input taking
// another side of it is new coverage; folded, the test is one branchless
// expression and no input that varies it is ever kept. {fmt}'s parser at
// -O1 has 3446 counters so built, 2815 without. Its indirect-call tracing
// feeds only libFuzzer's value profile; cxxtest's runtime has no hook.
constexpr const char* kOptForFuzzing[] = {"-fsanitize=fuzzer-no-link",
                                          "-fno-sanitize-coverage=indirect-calls"};

// Comparison functions that must stay calls so their operands can be traced
// (clang inlines them for constant arguments otherwise).
constexpr const char* kNoBuiltins[] = {
    "-fno-builtin-memcmp",      "-fno-builtin-strcmp", "-fno-builtin-strncmp", "-fno-builtin-strcasecmp",
    "-fno-builtin-strncasecmp", "-fno-builtin-strstr", "-fno-builtin-memmem",  "-fno-builtin-bcmp",
};

// -ubsan checks what OSS-Fuzz's UBSan builds check, where the known bugs
// of real libraries were found: -fsanitize=undefined less these four,
// which C libraries trip on code that works (a null pointer plus 0, a
// misaligned load on x86, memcpy from null with length 0) and would stop
// every run at its seeds (FreeType 2017's ftgloadr.c on its first font).
// As a subtraction, vptr still leaves itself out of -fno-rtti code.
constexpr const char* kUbsanLeftOut =
    "-fno-sanitize=alignment,pointer-overflow,nonnull-attribute,float-cast-overflow";

std::vector<std::string> sanitizer_flags(const Variant& v) {
  std::vector<std::string> out;
  for (const auto& s : kSanitizers)
    if (v.sanitizers & s.bit) out.push_back(s.flag);
  if (v.sanitizers & kUndefined) out.push_back(kUbsanLeftOut);
  if (v.sanitizers != kNoSanitizer) out.push_back("-fno-omit-frame-pointer");
  return out;
}

}  // namespace

std::string Variant::sanitizer_options() const {
  std::string out;
  for (const auto& s : kSanitizers)
    if (sanitizers & s.bit) out += std::string(out.empty() ? "-" : " -") + s.suffix;
  return out;
}

std::string Variant::name() const {
  std::string n = mode == Mode::Fuzz ? "fuzz" : "plain";
  for (const auto& s : kSanitizers)
    if (sanitizers & s.bit) n += std::string("-") + s.suffix;
  if (mode == Mode::Fuzz && laf) n += "-laf";
  if (mode == Mode::Plain && bench) n += "-bench";
  if (mode == Mode::Plain && cover) n += "-cover";
  return n;
}

std::optional<Variant> parse_variant_name(std::string_view name) {
  Variant v;
  size_t dash = name.find('-');
  std::string_view mode = name.substr(0, dash);
  if (mode == "fuzz") v.mode = Mode::Fuzz;
  else if (mode != "plain") return std::nullopt;
  size_t next_sanitizer = 0;  // suffixes come in kSanitizers order
  while (dash != std::string_view::npos) {
    if (v.laf || v.cover) return std::nullopt;  // -laf and -cover come last
    name.remove_prefix(dash + 1);
    dash = name.find('-');
    std::string_view part = name.substr(0, dash);
    if (part == "laf" && v.mode == Mode::Fuzz) {
      v.laf = true;
      continue;
    }
    if (part == "bench" && v.mode == Mode::Plain && !v.bench) {
      v.bench = true;
      continue;
    }
    if (part == "cover" && v.mode == Mode::Plain) {
      v.cover = true;
      continue;
    }
    if (v.bench) return std::nullopt;  // sanitizers come before -bench
    while (next_sanitizer < std::size(kSanitizers) && part != kSanitizers[next_sanitizer].suffix)
      ++next_sanitizer;
    if (next_sanitizer == std::size(kSanitizers)) return std::nullopt;
    v.sanitizers |= kSanitizers[next_sanitizer++].bit;
  }
  return v;
}

std::vector<std::string> buildable_variant_names() {
  std::vector<std::string> out;
  for (unsigned set = 0; set < 1u << std::size(kSanitizers); ++set)
    for (Variant v :
         {Variant{Mode::Plain, set, false}, Variant{Mode::Fuzz, set, false}, Variant{Mode::Fuzz, set, true},
          Variant{Mode::Plain, set, false, true}, Variant{Mode::Plain, set, false, false, true}})
      if (check_variant(v).empty()) out.push_back(v.name());
  return out;
}

bool apply_variant_flag(Variant& v, std::string_view flag) {
  if (flag == "fuzz") v.mode = Mode::Fuzz;
  else if (flag == "laf") v.laf = true;
  else if (flag == "cover") v.cover = true;
  else if (flag == "bench") v.bench = true;
  else {
    auto it = std::find_if(std::begin(kSanitizers), std::end(kSanitizers),
                           [&](const SanitizerInfo& s) { return flag == s.suffix; });
    if (it == std::end(kSanitizers)) return false;
    v.sanitizers |= it->bit;
  }
  return true;
}

std::string check_variant(const Variant& v) {
  bool asan = v.sanitizers & kAddress, tsan = v.sanitizers & kThread, msan = v.sanitizers & kMemory;
  if (v.cover && v.mode == Mode::Fuzz) return "-cover cannot be used with -fuzz";
  if (tsan && asan) return "-race and -asan cannot be used together";
  if (tsan && msan) return "-race and -msan cannot be used together";
  if (asan && msan) return "-asan and -msan cannot be used together";
  // MemorySanitizer reports every read of memory written by uninstrumented
  // code, and Debian ships no MSan-built libstdc++ or libc++: every
  // std::string would be a false report.
  if (msan)
    return "-msan is not supported with this toolchain: MemorySanitizer needs a C++ standard library "
           "built with -fsanitize=memory, which Debian does not ship (use -asan or -ubsan)";
  return "";
}

std::vector<std::string> instrumented_flags(const Variant& v, const std::string& ignorelist,
                                            const std::string& laf_plugin) {
  std::vector<std::string> out = uninstrumented_flags(v);
  if (v.mode == Mode::Fuzz) {
    out.push_back("-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp,stack-depth");
    out.insert(out.end(), std::begin(kOptForFuzzing), std::end(kOptForFuzzing));
    if (!ignorelist.empty()) out.push_back("-fsanitize-coverage-ignorelist=" + ignorelist);
    if (v.laf) out.push_back("-fpass-plugin=" + laf_plugin);
    out.insert(out.end(), std::begin(kNoBuiltins), std::end(kNoBuiltins));
  }
  if (v.cover) out.insert(out.end(), {"-fprofile-instr-generate", "-fcoverage-mapping"});
  return out;
}

// -O2 comes after the plan's -O1 (and before the user's flags), so it wins.
std::vector<std::string> uninstrumented_flags(const Variant& v) {
  std::vector<std::string> out{kFuzzingBuildMode};
  std::vector<std::string> sanitizers = sanitizer_flags(v);
  out.insert(out.end(), sanitizers.begin(), sanitizers.end());
  if (v.bench && v.mode == Mode::Plain) out.push_back("-O2");
  return out;
}

std::vector<std::string> link_flags(const Variant& v) {
  std::vector<std::string> out = sanitizer_flags(v);
  if (v.cover) out.push_back("-fprofile-instr-generate");  // links the profile runtime
  out.push_back("-pthread");
  return out;
}

std::string interception_archive(const Variant& v) {
  if (v.mode != Mode::Fuzz) return "";
  return v.sanitizers & (kAddress | kThread | kMemory) ? "libcxxtest_sanhooks.a" : "libcxxtest_intercept.a";
}

std::string malloc_archive(const Variant& v) {
  if (v.sanitizers & (kAddress | kThread | kMemory)) return "";
  return v.bench && v.mode == Mode::Plain ? "libcxxtest_benchmem.a" : "libcxxtest_malloclimit.a";
}

std::string coverage_stub_archive(const Variant& v) {
  return v.mode == Mode::Fuzz ? "libcxxtest_covstub.a" : "";
}

}  // namespace cxxtest::instrument
