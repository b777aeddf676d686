// engine/worker.h: the worker side of fuzzing (a test binary run with
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

#include "fuzz_target.h"
#include "test_state.h"

namespace cxxtest::runtime::engine {

// Serves the coordinator on f's thread. Returns when the command pipe is
// closed; on a protocol or set-up error exits with kWorkerInternalExit.
void serve_worker(TestState& f, const FuzzTarget& target);

}  // namespace cxxtest::runtime::engine
