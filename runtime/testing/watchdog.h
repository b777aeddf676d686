// testing/watchdog.h: -test.timeout.
#pragma once

#include "flags/duration.h"

namespace cxxtest::runtime {

// Starts a thread that, unless stop_watchdog() is called within `timeout`,
// prints Go's report and ends the process with exit code 2:
//   panic: test timed out after 1s
//   running tests:
//   	TestX (1s)
// timeout <= 0 starts nothing.
void start_watchdog(Nanos timeout);
void stop_watchdog();

}  // namespace cxxtest::runtime
