// exit_code.h: the exit codes of the cxxtest command.
#pragma once

#include "common/exit_code.h"

namespace cxxtest::driver {

// Race: a test binary halted by a data race (-race) passes its status on.
enum class Exit : int { Ok = 0, Failed = 1, Usage = 2, Race = kRaceExitCode };

}  // namespace cxxtest::driver
