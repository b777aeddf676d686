// testing/seed_limits.h: the fuzzing limits, applied to each seed input of a plain
// run (f.Add values and testdata/fuzz files), as libFuzzer applies its limits
// when it replays a crash file. So a reproducer of a hang fails its printed
// re-run command after -fuzztimeout (default 25s), not after -timeout (10m),
// and one of a huge allocation fails at once instead of passing.
//
//   time    a thread checks the running input's deadline every 50 ms; past
//           it, Go-style "panic: ... ran longer than -fuzztimeout" with the
//           running tests, exit 2;
//   memory  operator new refuses one allocation over -fuzzrsslimit
//           (engine/worker/new_limit.cpp; not under a sanitizer that brings its own
//           operator new), reported as a crash of the running test.
#pragma once

#include <string>

#include "flags/duration.h"

namespace cxxtest::runtime {

// Around each seed input: the input's name, and the limits (0: none).
void arm_seed_limits(const std::string& name, Nanos timeout, int64_t rss_limit_mb);
void disarm_seed_limits();

}  // namespace cxxtest::runtime
