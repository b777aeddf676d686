// crash/crash.h: reporting a test that takes the whole process down.
//
// install_crash_handlers() sets up, for the rest of the process:
//  - SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT handlers (on an alternate
//    stack, so stack overflows are reported too), but for a signal
//    AddressSanitizer handles already (sanitizer_handles_signal);
//  - a std::terminate handler (exceptions escaping noexcept code or
//    threads the test started);
//  - an on_exit handler for exit() called while a test runs;
//  - under a sanitizer, its death callback (the sanitizer prints its own
//    report on stderr and chooses the exit code).
// Each prints, on stdout, `--- FAIL: <test> (1.23s)` for the test running on
// the crashing thread and its parents, the reason and (signals, terminate) a
// symbolized stack, then `FAIL`, and ends the process with _exit(2) (exit():
// _exit(1)). Output is written with write(2) from static buffers, so it
// works when the heap is corrupt.
#pragma once

#include <string>

namespace cxxtest::runtime {

void install_crash_handlers();

// Whether AddressSanitizer is linked in and its handler for `signo` is
// installed (SIGSEGV, SIGBUS, SIGFPE under its handle_segv, handle_sigbus,
// handle_sigfpe defaults): then its report, which says what was accessed
// ("SEGV on unknown address 0x000000000000 ... READ ... the zero page",
// "stack-overflow"), is the failure's, as libFuzzer users see it, and its
// death callback names the test. Called before replacing a handler.
bool sanitizer_handles_signal(int signo);

// While false (before the tests start and after they end) exit() is not a
// test failure.
void set_tests_running(bool running);

// While a fuzz target's seed corpus runs: its name and how many of its
// inputs come after the one running now. A crash report then says they were
// not run ("3 more inputs of FuzzX not run: ..."), since the process ends
// with the input that crashed it. `target` must outlive the run; nullptr
// (or 0) says nothing.
void set_inputs_left(const char* target, size_t left);

// Reports `reason` for the test running on the calling thread, with the
// calling stack, as a crash is reported, and ends the process (_exit(2)).
[[noreturn]] void fail_process_here(const std::string& reason);

// Prints the sanitizer-death report (`--- FAIL` for the running test and
// "a sanitizer reported an error"), unless a crash report was printed
// already; the caller ends the process.
void report_sanitizer_error();

// In a fuzzing worker: a sanitizer's death prints nothing of the runner's.
// The coordinator shows the sanitizer's own report, and what the process
// wrote is shown as the input's output, where those lines are only noise.
void quiet_sanitizer_deaths();

// An alternate signal stack for the calling thread, for its lifetime.
class ThreadAltStack {
 public:
  ThreadAltStack();
  ~ThreadAltStack();
  ThreadAltStack(const ThreadAltStack&) = delete;
  ThreadAltStack& operator=(const ThreadAltStack&) = delete;

 private:
  void* stack_;
};

}  // namespace cxxtest::runtime
