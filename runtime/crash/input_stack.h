// crash/input_stack.h: the stack one fuzz input runs on, fixed in bytes for plain
// runs of the seeds and for fuzzing workers, so a stack overflow minimized
// to just past a worker's limit fails its printed re-run command too.
//
// The fuzz function of each input is called through invoke_input(), which
// gives it exactly input_stack_bytes() below its caller's frame: a 64 KiB
// PROT_NONE guard is placed there in the calling thread's stack (kept for
// the thread's next inputs, restored when the thread ends). The frames
// under the call (the test runner's in a plain run, the worker's loop under
// the F body in a worker) then no longer decide how deep an input may
// recurse. Test threads are created big enough for it
// (prepare_input_stacks); where a thread's stack is too small all the same,
// its own guard page is the limit.
//
// A plain run gives an input kInputStackBytes (8 MiB, a main thread's stack
// under the usual `ulimit -s`); a worker gives it a quarter more. The fuzz
// build's coverage instrumentation makes frames bigger than the plain
// build's (so with equal limits a reproducer of a worker's overflow, run by
// the plain build, recursed as deep and passed): with the margin, a depth
// that overflows a worker overflows a plain run too.
//
// is_stack_overflow() tells, inside a SIGSEGV/SIGBUS handler, whether the
// fault hit that guard page or the thread's own: the crash is then reported
// as a stack overflow rather than as a segmentation violation.
#pragma once

#include <cxxtest/fuzz_function.h>

#include <cstddef>
#include <vector>

namespace cxxtest::runtime {

inline constexpr size_t kInputStackBytes = size_t{8} << 20;
inline constexpr size_t kWorkerInputStackBytes = kInputStackBytes + kInputStackBytes / 4;

// kInputStackBytes, or kWorkerInputStackBytes in a fuzzing worker.
size_t input_stack_bytes();

// Once, before any test thread starts: threads created without attributes
// (std::thread) get a stack that fits input_stack_bytes() and the runner's
// frames, unless their default is bigger already.
void prepare_input_stacks();

// Notes the calling thread's stack bounds, for is_stack_overflow (each test
// thread, at its start; not signal-safe).
void learn_thread_stack();

// Calls fn with values on the calling thread, with input_stack_bytes() of
// stack below this call.
void invoke_input(const internal::FuzzFunction& fn, T& t, const std::vector<Value>& values);

// Async-signal-safe: whether a fault at `addr` is the calling thread's
// stack overflowing (its input guard page, or the pages at the bottom of
// its stack).
bool is_stack_overflow(const void* addr);

}  // namespace cxxtest::runtime
