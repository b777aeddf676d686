// test_runner.h: running a test and its subtests (Go's tRunner / T.Run).
#pragma once

#include "test_state.h"

#include <functional>
#include <string>

namespace cxxtest::runtime {

using Body = std::function<void(TestState&)>;

// Runs body as test t on the calling thread (Go's tRunner): the body, its
// cleanups, its parallel subtests, the report to the parent. When it
// returns, t is done and t.signal has been sent.
void run_test(TestState& t, const Body& body);

// Starts a subtest of parent named `name` (already the full, unique name) on
// a new thread and waits until it finishes or pauses in Parallel. `make_fuzz`
// gives the subtest a FuzzState (for F). Returns false if it failed.
bool run_subtest(TestState& parent, std::string name, Body body, bool make_fuzz = false);

// T::Parallel (see cxxtest.h); misuse fails t and stops it.
void pause_for_parallel(TestState& t);

}  // namespace cxxtest::runtime
