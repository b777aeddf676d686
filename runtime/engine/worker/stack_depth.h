// engine/worker/stack_depth.h: how deep an input's instrumented code went
// (-fsanitize-coverage=stack-depth; the pseudo-counters it sets:
// shared/coverage.h, "Stack depth").
#pragma once

#include <cstdint>

#include <cxxtest/fuzz_function.h>

namespace cxxtest::runtime::engine {

// Calls invoke_input (crash/input_stack.h) with the thread's lowest
// instrumented frame reset, and returns through *start the address depths
// are measured from (set before the call, so it holds if fn throws). The
// stack is first padded so that every call reaches fn at the same address
// modulo 64 whoever its caller is: ASan realigns its frames to 32 bytes,
// and one input's depth otherwise differed by 16 bytes between the
// baseline's first run and its calibration runs, which made the depth an
// unstable counter.
void invoke_measuring_depth(const internal::FuzzFunction& fn, T& t, const std::vector<Value>& values,
                            uintptr_t* start);

// After it: sets the pseudo-counter of the depth reached below `start`
// (none when no instrumented function went below it).
void note_stack_depth(uintptr_t start);

}  // namespace cxxtest::runtime::engine
