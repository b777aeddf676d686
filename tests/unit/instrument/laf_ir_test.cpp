// The plugin really splits: the real clang (LAF_CLANG) loads the real
// plugin (LAF_PLUGIN) and the IR it emits holds the byte compares, before
// and after SanitizerCoverage, and leaves ignorelisted code alone.
#include <doctest/doctest.h>

#include <cstdio>
#include <regex>
#include <string>

namespace {

constexpr const char* kCoverage = "-fsanitize-coverage=inline-8bit-counters,trace-cmp";

// The IR of `source` compiled -O1 with the plugin (unless `plugin` is false)
// and the `extra` flags.
std::string emit_ir(const std::string& source, const std::string& extra = "", bool plugin = true) {
  std::string cmd = std::string(LAF_CLANG) + " -std=c++20 -O1 -fno-builtin-memcmp -fno-builtin-strcmp" +
                    " -fno-builtin-strncmp -I" + LAF_TEST_DIR +
                    (plugin ? std::string(" -fpass-plugin=") + LAF_PLUGIN : "") + " " + extra +
                    " -S -emit-llvm -o - " + LAF_TEST_DIR + "/" + source + " 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
  }
  return out;
}

// The body of the function whose mangled name starts with `name`.
std::string function_ir(const std::string& ir, const std::string& name) {
  size_t at = ir.find("@" + name);
  if (at == std::string::npos) return "";
  size_t end = ir.find("\n}\n", at);
  return ir.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

int count(const std::string& text, const std::string& re) {
  std::regex pattern(re);
  auto words = std::sregex_iterator(text.begin(), text.end(), pattern);
  return static_cast<int>(std::distance(words, std::sregex_iterator()));
}

// One "icmp eq i8 %x, B" per byte of 0xDEADBEEFCAFEBABE, as LLVM prints i8
// constants (signed), most significant first.
const char* const kMagicBytes[] = {"-34", "-83", "-66", "-17", "-54", "-2", "-70", "-66"};

}  // namespace

TEST_CASE("a 64-bit compare against a constant becomes eight byte compares, in order") {
  std::string f = function_ir(emit_ir("subjects_laf.cpp"), "_ZN3laf4eq64");
  REQUIRE_FALSE(f.empty());
  CHECK(count(f, R"(icmp eq i8 %\w+, -?\d+)") == 8);
  size_t at = 0;
  for (const char* b : kMagicBytes) {
    size_t next = f.find(std::string("icmp eq i8 "), at);
    REQUIRE(next != std::string::npos);
    CHECK(f.substr(next, f.find('\n', next) - next).ends_with(std::string(", ") + b));
    at = next + 1;
  }
  // The wide compare stays for trace-cmp.
  CHECK(count(f, R"(icmp eq i64 %\w+, -2401053089206453570)") == 1);
}

TEST_CASE("SanitizerCoverage runs after the pass: every byte block gets a counter") {
  std::string plain_ir = function_ir(emit_ir("subjects_plain.cpp", kCoverage, false), "_ZN5plain4eq64");
  std::string laf_ir = function_ir(emit_ir("subjects_laf.cpp", kCoverage), "_ZN3laf4eq64");
  REQUIRE_FALSE(plain_ir.empty());
  CHECK(count(plain_ir, "icmp eq i8") == 0);
  REQUIRE_FALSE(laf_ir.empty());
  CHECK(count(laf_ir, "__sanitizer_cov_trace_const_cmp1") == 8);
  CHECK(count(laf_ir, "__sanitizer_cov_trace_const_cmp8") == 1);
  int counters_plain = count(plain_ir, R"(store i8 %\w+, i8\*? ?(getelementptr|@__sancov_gen))");
  int counters_laf = count(laf_ir, R"(store i8 %\w+, i8\*? ?(getelementptr|@__sancov_gen))");
  CHECK(counters_laf >= counters_plain + 8);
}

TEST_CASE("switches, string compares and ordered compares are split too") {
  std::string ir = emit_ir("subjects_laf.cpp");
  CHECK(count(function_ir(ir, "_ZN3laf11word_switch"), "switch i32") == 0);
  CHECK(count(function_ir(ir, "_ZN3laf11word_switch"), R"(icmp eq i8 )") == 16);  // 4 cases x 4 bytes
  CHECK(count(function_ir(ir, "_ZN3laf11memcmp_sign"), R"(icmp eq i8 %\w+, )") == 10);
  CHECK(count(function_ir(ir, "_ZN3laf11strcmp_sign"), R"(icmp eq i8 %\w+, )") == 6);  // "hello" and its NUL
  CHECK(count(function_ir(ir, "_ZN3laf12strncmp_sign"), R"(icmp eq i8 %\w+, )") == 4);
  CHECK(count(function_ir(ir, "_ZN3laf9lt_signed"), R"(icmp slt i8 )") == 1);  // the sign byte
  CHECK(count(function_ir(ir, "_ZN3laf9lt_signed"), R"(icmp ult i8 )") == 3);
}

TEST_CASE("ignorelisted and not-worth-it compares are left alone") {
  std::string ir = emit_ir("fixtures/left_alone.cpp", kCoverage);  // no_sanitize needs coverage on
  for (std::string name :
       {"_ZSt15cxxtest_laf_std", "_Z11no_coverage", "_Z14small_constant", "_Z13two_variables"}) {
    CAPTURE(name);
    std::string f = function_ir(ir, name);
    REQUIRE_FALSE(f.empty());
    CHECK(count(f, "icmp [a-z]+ i8") == 0);
  }
}
