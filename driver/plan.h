// The build plan: for each matched package with test files, the objects its
// test binary links (its own sources and tests, the sources of every package
// it reaches through includes, a generated main) and the flags of each step.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cachedir/cache.h"
#include "common/expected.h"
#include "driver/config.h"
#include "driver/deps.h"
#include "driver/discovery.h"
#include "driver/module.h"
#include "instrument/variant.h"

namespace cxxtest::driver {

struct CompileStep {
  std::filesystem::path source, object;
  std::string compiler;
  std::vector<std::string> flags;
};

struct PackagePlan {
  const Package* pkg = nullptr;
  // The package's cxxtest test files: its *_test.cpp files that include
  // <cxxtest/cxxtest.h> (directly or through a module header). Others (a
  // GoogleTest file, say) are not tests: a note under -v.
  std::vector<std::filesystem::path> test_files;
  std::vector<TestFunc> funcs;        // TestXxx, FuzzXxx and BenchmarkXxx, declaration order
  std::vector<std::string> errors;    // signature errors: the package fails to build
  std::filesystem::path main_source;  // generated main
  std::filesystem::path binary;
  std::string compiler;
  std::vector<std::filesystem::path> objects;  // link inputs
  std::vector<std::string> link_args;          // after the objects
  std::filesystem::path libfuzzer_harness;     // its own source defining LLVMFuzzerTestOneInput, if any
  bool has_tests() const { return !test_files.empty(); }
};

struct Plan {
  std::filesystem::path build_dir;  // <cache>/build/<module key>/<variant>
  std::filesystem::path deps_dir;   // <cache>/build/<module key>/<deps_variant>/deps
  std::vector<CompileStep> compiles;
  std::vector<PackagePlan> packages;  // same order as the matched packages
};

struct PlanInputs {
  const Config* config = nullptr;
  const std::map<std::string, Package>* all = nullptr;  // every package, by rel_dir
  const std::vector<Package>* matched = nullptr;
  cxxtest::instrument::Variant variant;
  bool print_commands = false;
  bool verbose = false;  // -v: notes on files left out (not tests, programs)
};

// Builds the plan: builds the [deps] the matched packages use (driver/deps.h),
// runs discovery where the cache misses, and works out each test binary's
// objects and flags. Fails only for problems outside the packages
// (pkg-config, compile_commands.json, a dep's build, the discover tool);
// signature errors are per package.
Expected<Plan> make_plan(const PlanInputs& in, cxxtest::cachedir::Cache& cache);

// The [deps] the packages use (each one's deps key, else every dep), built
// or found up to date with `ctx` (ensure_dep), by name.
Expected<std::map<std::string, DepBuild>> build_used_deps(const Config& config,
                                                          const std::vector<Package>& packages,
                                                          const DepContext& ctx);

// The variant with the module's settings applied: [fuzz] laf.
cxxtest::instrument::Variant configured_variant(cxxtest::instrument::Variant v, const Config& config);

// The variant a build's [deps] are built in (`v` configured). A plain
// build links the fuzz build's libraries (the same sanitizers): a library
// is built once for `cxxtest ./...` and `-fuzz`, once for `-asan` runs and
// the -asan reproducers they write, not twice; a plain test binary links
// the runtime, which defines the coverage callbacks. -cover (the library's
// coverage mapping), -bench (its uninstrumented -O2 code) and a module with
// [fuzz] laf (whose plain runs must not need the plugin) keep their own.
cxxtest::instrument::Variant deps_variant(const cxxtest::instrument::Variant& v, const Config& config);

// The build directory of a module and variant (with configured_variant
// applied: a laf build has its own directory) under the cache root.
std::filesystem::path build_dir_for(const std::filesystem::path& cache_root, const Config& config,
                                    const cxxtest::instrument::Variant& variant);

// The text of the generated main for these functions; `import_path` is
// the package's, which benchmark output names (`pkg:`).
std::string generate_main(const std::vector<TestFunc>& funcs, const std::string& import_path = "");

}  // namespace cxxtest::driver
