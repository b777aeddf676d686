// The build of exported fuzz targets (cxxtest export): the package's
// objects compiled again with the engine's compilers and flags, the
// runtime compiled from source alike (an archive, so only what the targets
// use is linked: never the engine's coverage callbacks or interceptors,
// which would clash with the engine's own), a generated main per target
// defining LLVMFuzzerTestOneInput, linked with $LIB_FUZZING_ENGINE.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.h"
#include "driver/plan.h"

namespace cxxtest::driver {

// What OSS-Fuzz's build environment gives, with cxxtest's defaults for a
// local libFuzzer build when a variable is unset.
struct ExportEnv {
  std::string cc = "clang", cxx = "clang++";
  std::vector<std::string> cflags, cxxflags;  // default: -g -O1 -fsanitize=fuzzer-no-link [+ $SANITIZER]
  std::vector<std::string> engine;            // $LIB_FUZZING_ENGINE, default -fsanitize=fuzzer
  std::string sanitizer;                      // $SANITIZER (address, undefined, memory, ...)
  // A key for the build directory: every field above.
  std::string key() const;
};
ExportEnv export_env_from_environment();

struct ExportTarget {
  const PackagePlan* package = nullptr;  // from the plain plan
  std::string fuzz;                      // FuzzXxx
  std::string name;                      // the binary's name (export_name)
};

// The [deps] as built for the engine (its compilers and flags) in
// `export_dir`, in place of the plain plan's `plain_dir` builds: the same
// files under another deps directory.
struct DepsSwap {
  std::filesystem::path plain_dir, export_dir;
};

// Builds out_dir/<name> for every target, in `work` (a build directory of
// its own), with every path under the plain plan's deps dir in its compile
// flags and link arguments taken from `deps.export_dir`. Errors hold the
// failed steps' output.
Expected<bool> build_exports(const Plan& plain, const std::vector<ExportTarget>& targets,
                             const ExportEnv& env, const DepsSwap& deps, const std::filesystem::path& out_dir,
                             const std::filesystem::path& work, bool print_commands, int jobs);

}  // namespace cxxtest::driver
