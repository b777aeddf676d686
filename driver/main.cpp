// cxxtest: go test for C++.
//
// The steps, for `cxxtest [flags] [packages]` (test_command.cpp):
//   1. parse flags, find the module (cxxtest.toml) and match packages;
//   2. plan: discover TestXxx/FuzzXxx (cxxtest-discover, cached) and work out
//      each test binary's link set from the include graph;
//   3. build: write build.ninja under the cache dir and run ninja;
//   4. run each binary (or fuzz one) and print what go test prints.
// Run as cxxtest-cc / cxxtest-c++ (links to cxxtest), or as `cxxtest cc` /
// `cxxtest c++`, it is the compiler wrapper instead (compiler_wrapper.h).
#include <string>
#include <vector>

#include "driver/compiler_wrapper.h"
#include "driver/cover_command.h"
#include "driver/export.h"
#include "driver/subcommands.h"
#include "driver/test_command.h"

int main(int argc, char** argv) {
  using namespace cxxtest::driver;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (auto lang = wrapper_language_for(argv[0])) return compiler_wrapper_main(*lang, args);
  std::string sub = args.empty() ? "" : args[0];
  std::vector<std::string> rest =
      args.empty() ? args : std::vector<std::string>(args.begin() + 1, args.end());
  if (sub == "cc") return compiler_wrapper_main(Language::C, rest);
  if (sub == "c++") return compiler_wrapper_main(Language::Cxx, rest);
  Exit code;
  if (sub == "clean") code = clean_command(rest);
  else if (sub == "env") code = env_command(rest);
  else if (sub == "init") code = init_command(rest);
  else if (sub == "export") code = export_command(rest);  // OSS-Fuzz / ClusterFuzzLite targets
  else if (sub == "corpus") code = corpus_command(rest);  // raw <-> v1 inputs
  else if (sub == "cover") code = cover_command(rest);    // coverage profile -> HTML
  else if (sub == "help" || sub == "-h" || sub == "-help" || sub == "--help") code = help_command(rest);
  else if (sub == "version" || sub == "--version" || sub == "-version") code = version_command();
  else if (sub == "test") code = test_command(rest);  // `cxxtest test ./...` reads naturally too
  else code = test_command(args);
  return static_cast<int>(code);
}
