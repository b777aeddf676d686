// Running ninja on a plan and telling which packages failed to build.
#pragma once

#include <map>
#include <string>

#include "common/expected.h"
#include "driver/plan.h"

namespace cxxtest::driver {

struct BuildResult {
  // Packages (by rel_dir) whose binary could not be built, with the
  // compiler's output for them.
  std::map<std::string, std::string> failed;
};

// Builds the binaries of every package with tests and no signature errors,
// under an exclusive lock on the build dir (two cxxtest runs on one cache
// never run ninja in the same dir at once). With `print_commands` (-x) the
// commands ninja runs are printed to stderr as they start.
Expected<BuildResult> run_build(const Plan& plan, bool print_commands, int jobs);

}  // namespace cxxtest::driver
