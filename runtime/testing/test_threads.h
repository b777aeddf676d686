// testing/test_threads.h: the threads test bodies run on, kept for reuse.
//
// Each test and subtest runs on a thread of its own (test_runner.h), as Go
// runs each in a goroutine. A new thread per subtest cost more than the
// subtest in a seed replay, where every seed file is a subtest: clone,
// stack mmap and mprotect, and madvise and exit at the end, most of a
// 10,000-file replay. A thread that has finished a test waits here for the
// next one instead.
#pragma once

#include <functional>

namespace cxxtest::runtime {

// Runs job on an idle test thread, or a new one, and returns at once. The
// thread has its alternate signal stack (crash.h) for its whole life. What
// a job leaves in thread_local storage is seen by later jobs on that thread
// (Go has no such storage to carry over).
void start_on_test_thread(std::function<void()> job);

// Called by a job on a test thread when what is left of it touches nothing
// another job could need (just before its last signal to a waiting parent):
// the thread counts as idle from here, so the parent's next subtest reuses
// it; that job starts when this one has returned. A no-op on other threads.
void release_test_thread();

}  // namespace cxxtest::runtime
