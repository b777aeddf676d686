// engine/coordinator/sanitizer_frames.h: symbolizing a sanitizer report that a worker
// wrote with symbolize=0 (worker_handle.cpp turns it off, so a crashing
// worker dies at once instead of after an llvm-symbolizer run). Its frame
// lines look like
//
//     #3 0x55d0c1a2b3c4  (/path/x.test+0x1a2b3)
//
// and become the runtime's symbolized lines (symbolize.h), one per inlined
// call, with the same indentation:
//
//     #3 0x55d0c1a2b3c4 in Foo(int) /src/foo.cpp:12:3
//
// The coordinator is the same binary with the same libraries loaded, so it
// maps each module offset to an address of its own. A stack with a frame
// in a module the coordinator lacks is left as it is. The runner's frames
// below the fuzz function are left out (crash/exceptions.h
// without_runner_frames), as in the report's own stacks, and so are the
// stanzas that only say where the runner started the thread
// (crash/runner_threads.h).
#pragma once

#include <string>

namespace cxxtest::runtime::engine {

std::string symbolize_sanitizer_frames(const std::string& report);

}  // namespace cxxtest::runtime::engine
