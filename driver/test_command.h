// `cxxtest [build flags] [packages] [test flags]`: discover, plan, build,
// then run (or fuzz) and report as go test does.
#pragma once

#include <string>
#include <vector>

#include "driver/exit_code.h"

namespace cxxtest::driver {

// Runs the test command; returns the process exit code. Usage errors are
// printed to stderr as "cxxtest: <message>".
Exit test_command(const std::vector<std::string>& args);

}  // namespace cxxtest::driver
