// testing/test_runner.h: running a test and its subtests (Go's tRunner / T.Run).
#pragma once

#include <functional>
#include <string>

#include "testing/test_state.h"

namespace cxxtest::runtime {

using Body = std::function<void(TestState&)>;

// Runs body as test t on the calling thread (Go's tRunner): the body, its
// cleanups, its parallel subtests, the report to the parent. Before the
// final t.signal, body (and what it captured) is destroyed.
void run_test(TestState& t, Body body);

enum class TestKind { Test, Fuzz };  // Fuzz: the state gets a FuzzState (an F)

// Starts a subtest of parent named `name` (already the full, unique name) on
// a test thread of its own (test_threads.h) and waits until it finishes or
// pauses in Parallel. Returns false if it failed.
bool run_subtest(TestState& parent, std::string name, Body body, TestKind kind = TestKind::Test);

// T::Parallel (see cxxtest.h); misuse fails t and stops it.
void pause_for_parallel(TestState& t);

}  // namespace cxxtest::runtime
