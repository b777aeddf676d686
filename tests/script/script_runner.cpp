// script_runner: runs cxxtest script tests (Go's cmd/go testdata/script style).
//
//   script_runner --cxxtest=PATH [--share=DIR] [--timeout=300s] [--keep] [-v] SCRIPT.txt...
//
// Each script runs in a fresh work dir (runner/run.h); the commands it may
// use are in runner/commands.cpp. Exit status: 0 all passed, 1 a script
// failed, 2 bad usage or a script that cannot be parsed.
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "runner/commands.h"
#include "runner/run.h"

namespace fs = std::filesystem;
using cxxtest::script::Options;
using cxxtest::script::Result;

namespace {

int usage(const std::string& why) {
  std::cerr
      << "script_runner: " << why << "\n"
      << "usage: script_runner --cxxtest=PATH [--share=DIR] [--timeout=DUR] [--keep] [-v] SCRIPT.txt...\n";
  return 2;
}

// The share dir next to the cxxtest binary: <bin>/../share/cxxtest.
std::string default_share(const std::string& cxxtest) {
  return (fs::path(cxxtest).parent_path().parent_path() / "share" / "cxxtest").lexically_normal().string();
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  std::vector<fs::path> scripts;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.starts_with("--cxxtest=")) {
      options.cxxtest = fs::absolute(arg.substr(10)).lexically_normal().string();
    } else if (arg.starts_with("--share=")) {
      options.share = fs::absolute(arg.substr(8)).lexically_normal().string();
    } else if (arg.starts_with("--timeout=")) {
      auto d = cxxtest::script::parse_duration(arg.substr(10));
      if (!d || d->count() == 0) return usage("bad --timeout " + arg.substr(10));
      options.timeout = *d;
    } else if (arg == "--keep") {
      options.keep = true;
    } else if (arg == "-v" || arg == "--verbose") {
      options.verbose = true;
    } else if (arg.starts_with("-")) {
      return usage("unknown flag " + arg);
    } else {
      scripts.push_back(arg);
    }
  }
  if (options.cxxtest.empty()) return usage("--cxxtest=PATH is required");
  if (scripts.empty()) return usage("no script given");
  if (options.share.empty()) options.share = default_share(options.cxxtest);

  int worst = 0;
  for (const fs::path& script : scripts)
    worst = std::max(worst, static_cast<int>(run_script(script, options)));
  return worst;
}
