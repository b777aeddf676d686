#include "driver/subcommands.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/location.h"
#include "driver/cli_flags.h"
#include "driver/compiler_wrapper.h"
#include "driver/config.h"
#include "driver/cover_command.h"
#include "driver/export.h"
#include "driver/module.h"
#include "driver/paths.h"
#include "driver/shell.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;
using cxxtest::instrument::Variant;

namespace {

Exit fail(const std::string& message) {
  std::cerr << "cxxtest: " << message << "\n";
  return Exit::Usage;
}

struct EnvVar {
  const char* name;
  std::string value;
};

// The variant's build settings for other build systems: the wrappers, the
// flags they add, and the variant name they read (compiler_wrapper.h).
std::vector<EnvVar> build_vars(const Variant& v) {
  std::error_code ec;
  fs::path bin = fs::read_symlink("/proc/self/exe", ec).parent_path();
  WrapperPaths paths = installed_wrapper_paths();
  std::string ldflags = shell_join(cxxtest::instrument::link_flags(v));
  if (std::string stub = coverage_stub_path(v, paths); !stub.empty())
    ldflags += " " + shell_quote("-Wl,--whole-archive," + stub + ",--no-whole-archive");
  // The wrappers add line tables to a compile without a -g of its own: so
  // do these flags (a build's own -g later on its line wins).
  std::vector<std::string> compile = wrapper_compile_flags(v, paths);
  compile.push_back(kWrapperDebugFlag);
  std::string cflags = shell_join(compile);
  return {
      {"CC", (bin / "cxxtest-cc").string()},
      {"CXX", (bin / "cxxtest-c++").string()},
      {"CFLAGS", cflags},
      {"CXXFLAGS", cflags},
      {"LDFLAGS", ldflags},
      {"CXXTEST_VARIANT", v.name()},
  };
}

std::vector<EnvVar> env_vars(const Variant& v) {
  auto root = cxxtest::cachedir::cache_root();
  std::string module;
  if (auto m = find_module_root(fs::current_path())) module = (*m / "cxxtest.toml").string();
  const InstallPaths& p = install_paths();
  std::vector<EnvVar> vars{
      {"CXXTESTCACHE", root ? root->string() : ""}, {"CXXTESTMOD", module},
      {"CXXTESTROOT", p.prefix.string()},           {"CXXTESTINCLUDE", p.include_dir.string()},
      {"CXXTESTRUNTIME", p.runtime_lib.string()},   {"CXXTESTSHARE", p.share_dir.string()},
  };
  for (auto& b : build_vars(v)) vars.push_back(std::move(b));
  return vars;
}

// `value` inside double quotes for /bin/sh.
std::string double_quoted(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\' || c == '$' || c == '`') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

Exit clean_command(const std::vector<std::string>& args) {
  bool cache = false, testcache = false, fuzzcache = false;
  for (const auto& a : args) {
    std::string f = a.rfind("--", 0) == 0 ? a.substr(1) : a;
    if (f == "-cache") cache = true;
    else if (f == "-testcache") testcache = true;
    else if (f == "-fuzzcache") fuzzcache = true;
    else if (!a.empty() && a[0] == '-') return fail("clean: flag provided but not defined: " + a);
    else if (fuzzcache || cache || testcache)
      return fail("clean -fuzzcache cannot be used with package arguments");
    else
      return fail("clean: unexpected argument " + a +
                  " (cxxtest clean takes only -cache, -testcache, -fuzzcache)");
  }
  if (!cache && !testcache && !fuzzcache)
    return fail("clean: nothing to clean (use -cache, -testcache or -fuzzcache)");
  auto root = cxxtest::cachedir::cache_root();
  if (!root) return fail(root.error());
  cxxtest::cachedir::Cache c(*root);
  if (cache)
    if (Status done = c.clean_builds(); !done) return fail("clean -cache: " + done.error());
  if (testcache)
    if (Status done = c.expire_test_results(); !done) return fail("clean -testcache: " + done.error());
  if (fuzzcache)
    if (Status done = c.clean_fuzz(); !done) return fail("clean -fuzzcache: " + done.error());
  return Exit::Ok;
}

Exit env_command(const std::vector<std::string>& args) {
  Variant variant;
  std::vector<std::string> names;
  for (const auto& a : args) {
    std::string flag = a.rfind("--", 0) == 0 ? a.substr(2) : a.rfind("-", 0) == 0 ? a.substr(1) : "";
    if (flag.empty()) names.push_back(a);
    else if (!cxxtest::instrument::apply_variant_flag(variant, flag))
      return fail("env: flag provided but not defined: " + a +
                  " (cxxtest env takes -fuzz -asan -ubsan -msan -race -laf -cover -bench)");
  }
  if (variant.laf && variant.mode != cxxtest::instrument::Mode::Fuzz) return fail("env: -laf needs -fuzz");
  if (std::string problem = cxxtest::instrument::check_variant(variant); !problem.empty())
    return fail("env: " + problem);
  auto vars = env_vars(variant);
  if (names.empty()) {
    for (const auto& v : vars) std::cout << v.name << "=" << double_quoted(v.value) << "\n";
    return Exit::Ok;
  }
  for (const auto& n : names) {
    auto it = std::find_if(vars.begin(), vars.end(), [&](const EnvVar& v) { return n == v.name; });
    if (it == vars.end()) return fail("env: unknown variable " + n);
    std::cout << it->value << "\n";
  }
  return Exit::Ok;
}

Exit init_command(const std::vector<std::string>& args) {
  if (!args.empty() && (args[0] == "-clusterfuzzlite" || args[0] == "--clusterfuzzlite"))
    return init_clusterfuzzlite(std::vector<std::string>(args.begin() + 1, args.end()));
  if (args.size() > 1) return fail("init accepts at most one argument, the module name");
  fs::path file = fs::current_path() / "cxxtest.toml";
  if (fs::exists(file)) return fail(file.string() + " already exists");
  std::string name = args.empty() ? fs::current_path().filename().string() : args[0];
  std::string text = starter_config(name);
  auto parsed = parse_config(text, file);
  if (!parsed) return fail("init: " + parsed.error());
  Status written = cxxtest::cachedir::write_atomic(file, text);
  if (!written) return fail("init: " + written.error());
  std::cerr << "cxxtest: creating new cxxtest.toml: module " << name << "\n";
  return Exit::Ok;
}

namespace {

void help_overview() {
  std::cout << "cxxtest is go test for C++: it finds TestXxx(cxxtest::T&) and FuzzXxx(cxxtest::F&)\n"
               "in *_test.cpp files, builds each package's test binary and runs it.\n\n"
               "Usage:\n"
               "  cxxtest [build flags] [packages] [test flags]   run tests and seed corpora\n"
               "  cxxtest -fuzz=FuzzXxx [-fuzztime=30s] ./pkg    fuzz one target\n"
               "  cxxtest clean [-cache] [-testcache] [-fuzzcache]\n"
               "  cxxtest env [-fuzz] [-asan] [-ubsan] [-msan] [-race] [-laf] [-cover] [-bench] [NAME...]\n"
               "  cxxtest cc|c++ ARGS...   (also cxxtest-cc, cxxtest-c++) the compiler, instrumented\n"
               "  cxxtest init [module name]\n"
               "  cxxtest init -clusterfuzzlite   ClusterFuzzLite/OSS-Fuzz build files\n"
               "  cxxtest export [-o DIR] [packages]   libFuzzer-ABI targets (help export)\n"
               "  cxxtest corpus decode|encode|import ...   raw inputs <-> v1 files (help corpus)\n"
               "  cxxtest -cover [-coverprofile=c.out] [packages]   coverage (help cover)\n"
               "  cxxtest cover -html=c.out [-o c.html]   a coverage profile as HTML\n"
               "  cxxtest version\n"
               "  cxxtest help [test|testflag|fuzz|cover|export|corpus]\n\n"
               "Packages: . (default), ./dir, ./... (all below)\n\n"
               "Exit status: 0 all passed, 1 a test failed, 2 a build or usage error.\n"
               "'cxxtest help testflag' lists the flags, 'cxxtest help fuzz' explains fuzzing;\n"
               "see 'man cxxtest' for cxxtest.toml, corpus files and the cache directory.\n";
}

void help_test() {
  std::cout << "usage: cxxtest [build flags] [packages] [test flags]\n\n"
               "cxxtest builds the test binary of each package matched (its *_test.cpp files\n"
               "that include <cxxtest/cxxtest.h>, the package's sources and the sources of every\n"
               "package whose headers they reach) through ninja under the cache directory, runs\n"
               "it in the package's directory, and prints what go test prints:\n\n"
               "  ok   \tmodule/pkg\t0.012s\n"
               "  FAIL \tmodule/pkg\t0.012s\n"
               "  ?    \tmodule/pkg\t[no test files]\n\n"
               "Passing results are cached and replayed as (cached) while the binary, its\n"
               "arguments, the environment variables and testdata files it read are unchanged.\n"
               "Every fuzz target's seed corpus (f.Add values, testdata/fuzz/FuzzXxx/) runs as\n"
               "subtests. 'cxxtest help testflag' lists the flags.\n";
}

void help_fuzz() {
  std::cout
      << "usage: cxxtest -fuzz=FuzzXxx [-fuzztime=30s|1000x] [-parallel=N] [-asan|-ubsan|-race] ./pkg\n\n"
         "A fuzz target is void FuzzXxx(cxxtest::F& f): f.Add(seed values...), then\n"
         "f.Fuzz([](cxxtest::T& t, args...) { ... }) with arguments of the types\n"
         "std::string, std::string_view, std::vector<uint8_t>, std::span<const uint8_t>,\n"
         "const char*, bool, integers and floating point.\n\n"
         "-fuzz builds the package with SanitizerCoverage and comparison tracing (never\n"
         "the standard library or [fuzz] noinstrument code) and runs -parallel workers\n"
         "until -fuzztime ends or an input fails. A failure is minimized (-fuzzminimizetime),\n"
         "checked to fail again in a fresh process, and written to\n"
         "testdata/fuzz/FuzzXxx/<hash>, with the command that re-runs it. Inputs with new\n"
         "coverage go to the cache directory (cxxtest clean -fuzzcache removes them).\n\n"
         "Corpus files are 'cxxtest fuzz v1' text, one typed value per line, for example\n"
         "  cxxtest fuzz v1\n"
         "  std::string(\"a\\x00b\")\n"
         "  int(42)\n"
         "-fuzzimport=DIR turns raw libFuzzer/AFL++ inputs into such files. A dictionary\n"
         "is testdata/fuzz/FuzzXxx.dict (AFL/libFuzzer format) or f.Dict({...}).\n\n"
         "Real projects: [deps.NAME] in cxxtest.toml builds a library with its own build\n"
         "system, instrumented; cxxtest-cc / cxxtest-c++ instrument any build. See\n"
         "'man cxxtest', FUZZING AN EXISTING PROJECT.\n";
}

void help_testflag() {
  std::cout << "cxxtest's flags. Build flags steer the build; test flags are also passed to the\n"
               "test binary as -test.NAME=VALUE. Both -flag=value and -flag value work.\n\n"
            << flags_help()
            << "\n-run, -skip, -fuzz and -list take Go's regular expressions (RE2 syntax: (?i)\n"
               "for case-insensitive, \\pL for letters; matching time is linear in the name).\n"
               "-run and -skip match subtests level by level on '/': -run='TestX/(?i)^empty$'.\n"
               "-shuffle=on prints '-test.shuffle N' with the seed it picked; -shuffle=N repeats\n"
               "that order. Arguments after -args go to the test binary as they are, after its\n"
               "flags: tests read them with cxxtest::Args().\n"
               "-bench=regexp runs the matching BenchmarkXxx(cxxtest::B&) after the tests pass,\n"
               "in a build at -O2, and prints Go's benchmark format (benchstat reads it):\n"
               "  BenchmarkParse-2   \t  955218\t      1043 ns/op\t      64 B/op\t       1 allocs/op\n"
               "-benchtime=1s or 100x, -benchmem adds B/op and allocs/op, -count=N prints N lines\n"
               "per benchmark, -cpu=1,2 measures each with that many RunParallel threads.\n";
}

}  // namespace

Exit help_command(const std::vector<std::string>& args) {
  std::string topic = args.empty() ? "" : args[0];
  if (topic.empty()) help_overview();
  else if (topic == "test") help_test();
  else if (topic == "testflag") help_testflag();
  else if (topic == "fuzz") help_fuzz();
  else if (topic == "cover") help_cover();
  else if (topic == "export") help_export();
  else if (topic == "corpus") help_corpus();
  else
    return fail("help: unknown topic " + topic +
                " (want test, testflag, fuzz, cover, export or corpus; see 'man cxxtest')");
  return Exit::Ok;
}

Exit version_command() {
  std::cout << "cxxtest version " << CXXTEST_VERSION << " (built with clang " << __clang_major__ << "."
            << __clang_minor__ << "." << __clang_patchlevel__ << ")\n";
  return Exit::Ok;
}

}  // namespace cxxtest::driver
