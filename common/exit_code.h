// exit_code.h: exit statuses that cross the driver/test-binary boundary.
#pragma once

namespace cxxtest {

// A test binary (or a fuzzing worker) halted by a data race under -race:
// ThreadSanitizer's own exit status, which Go's race detector uses too. The
// driver passes it on as the exit code of cxxtest.
inline constexpr int kRaceExitCode = 66;

}  // namespace cxxtest
