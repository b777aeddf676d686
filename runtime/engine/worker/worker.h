// engine/worker/worker.h: the worker side of fuzzing (a test binary run with
// -test.fuzzworker by the coordinator).
//
// The worker runs the fuzzed target's F body like any test; when it reaches
// F.Fuzz the fuzz runner calls serve_worker(), which maps the shared memory
// (shm.h), installs the crash recording (worker_crash.h) and the limits
// (worker_limits.h), says Hello, and answers commands (protocol.h) until the
// coordinator closes the command pipe.
//
// The fuzzing loop, per execution: one mutation (fuzz/chain.h: back to the
// original every fifth), the input encoded into shared memory, a heartbeat,
// the call, the coverage scan. Nothing in it allocates, makes a system call
// or writes to the pipe; the worker reports only when an input fails, finds
// new coverage, or the slice (count or time) ends.
#pragma once

#include <cstdint>
#include <filesystem>

#include "flags/duration.h"
#include "testing/fuzz_target.h"
#include "testing/test_state.h"

namespace cxxtest::runtime::engine {

// What the worker needs of the -test.* flags, read once by its entry
// (fuzz_run.cpp worker_options) so nothing below it reads the globals.
struct WorkerOptions {
  bool compare_guidance = true;        // -fuzzcmp: compared values and the automatic dictionary
  std::filesystem::path target_cache;  // <-fuzzcachedir>/<target> ("" if unset): the automatic dictionary's
  bool detect_leaks = true;            // -fuzzleaks (only under AddressSanitizer)
  Nanos timeout = 25 * kSecond;        // -fuzztimeout (0: none; flags.def)
  int64_t rss_limit_mb = 2048;         // -fuzzrsslimit (0: none)
  bool repeatable = false;             // a repeatable run's worker: nothing may depend on time
};

// Serves the coordinator on f's thread. Returns when the command pipe is
// closed; on a protocol or set-up error exits with kWorkerInternalExit.
void serve_worker(TestState& f, const FuzzTarget& target, const WorkerOptions& opts);

}  // namespace cxxtest::runtime::engine
