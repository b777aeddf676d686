// testing/running.h: the set of tests currently running (Go's `running` map), for
// the -test.timeout report and for crash reports from threads that are not
// running a test. Lock-free fixed slots, so a signal handler may read it.
#pragma once

#include <string>
#include <vector>

namespace cxxtest::runtime {

struct TestState;

// Lists t as running from now on (no-op for roots and when already listed).
void running_add(TestState& t);
void running_remove(TestState& t);

// Go's runningList: "TestX (1s)" per running test, sorted.
std::vector<std::string> running_list();
// "running tests:\n\tTestX (1s)\n..." as Go's timeout panic prints it, or ""
// when none runs.
std::string running_list_text();

// Visits the running tests without locking or allocating (for signal
// handlers); fn must not block.
void for_each_running(void (*fn)(TestState&, void*), void* arg);

}  // namespace cxxtest::runtime
