#include "driver/subcommands.h"

#include <filesystem>
#include <iostream>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/location.h"
#include "driver/cli_flags.h"
#include "driver/config.h"
#include "driver/module.h"
#include "driver/paths.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

Exit fail(const std::string& message) {
  std::cerr << "cxxtest: " << message << "\n";
  return Exit::Usage;
}

struct EnvVar { const char* name; std::string value; };

std::vector<EnvVar> env_vars() {
  std::string err;
  auto root = cxxtest::cachedir::cache_root(&err);
  std::string module;
  if (auto m = find_module_root(fs::current_path())) module = (*m / "cxxtest.toml").string();
  const InstallPaths& p = install_paths();
  return {
      {"CXXTESTCACHE", root ? root->string() : ""},
      {"CXXTESTMOD", module},
      {"CXXTESTROOT", p.prefix.string()},
      {"CXXTESTINCLUDE", p.include_dir.string()},
      {"CXXTESTRUNTIME", p.runtime_lib.string()},
      {"CXXTESTSHARE", p.share_dir.string()},
  };
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
    else if (fuzzcache || cache || testcache) return fail("clean -fuzzcache cannot be used with package arguments");
    else return fail("clean: unexpected argument " + a + " (cxxtest clean takes only -cache, -testcache, -fuzzcache)");
  }
  if (!cache && !testcache && !fuzzcache) return fail("clean: nothing to clean (use -cache, -testcache or -fuzzcache)");
  std::string root_err;
  auto root = cxxtest::cachedir::cache_root(&root_err);
  if (!root) return fail(root_err);
  cxxtest::cachedir::Cache c(*root);
  std::string err;
  if (cache && !c.clean_builds(&err)) return fail("clean -cache: " + err);
  if (testcache && !c.expire_test_results(&err)) return fail("clean -testcache: " + err);
  if (fuzzcache && !c.clean_fuzz(&err)) return fail("clean -fuzzcache: " + err);
  return Exit::Ok;
}

Exit env_command(const std::vector<std::string>& args) {
  auto vars = env_vars();
  if (args.empty()) {
    for (const auto& v : vars) std::cout << v.name << "=\"" << v.value << "\"\n";
    return Exit::Ok;
  }
  for (const auto& a : args) {
    bool found = false;
    for (const auto& v : vars)
      if (a == v.name) { std::cout << v.value << "\n"; found = true; }
    if (!found) return fail("env: unknown variable " + a);
  }
  return Exit::Ok;
}

Exit init_command(const std::vector<std::string>& args) {
  if (args.size() > 1) return fail("init accepts at most one argument, the module name");
  fs::path file = fs::current_path() / "cxxtest.toml";
  if (fs::exists(file)) return fail(file.string() + " already exists");
  std::string name = args.empty() ? fs::current_path().filename().string() : args[0];
  std::string text = starter_config(name);
  auto parsed = parse_config(text, file);
  if (!parsed) return fail("init: " + parsed.error());
  std::string err;
  if (!cxxtest::cachedir::write_atomic(file, text, &err)) return fail("init: " + err);
  std::cerr << "cxxtest: creating new cxxtest.toml: module " << name << "\n";
  return Exit::Ok;
}

Exit help_command(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] != "test" && args[0] != "testflag")
    return fail("help: unknown topic " + args[0] + " (see 'man cxxtest')");
  std::cout << "cxxtest is go test for C++: it finds TestXxx(cxxtest::T&) and FuzzXxx(cxxtest::F&)\n"
               "in *_test.cpp files, builds each package's test binary and runs it.\n\n"
               "Usage:\n"
               "  cxxtest [build flags] [packages] [test flags]   run tests and seed corpora\n"
               "  cxxtest -fuzz=FuzzXxx [-fuzztime=30s] ./pkg    fuzz one target\n"
               "  cxxtest clean [-cache] [-testcache] [-fuzzcache]\n"
               "  cxxtest env [NAME...]\n"
               "  cxxtest init [module name]\n"
               "  cxxtest help [test|testflag]\n\n"
               "Packages: . (default), ./dir, ./... (all below)\n\n"
               "Flags:\n" << flags_help()
            << "\nExit status: 0 all passed, 1 a test failed, 2 a build or usage error.\n"
               "See 'man cxxtest' for cxxtest.toml, corpus files and the cache directory.\n";
  return Exit::Ok;
}

}  // namespace cxxtest::driver
