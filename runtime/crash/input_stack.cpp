// crash/input_stack.cpp: see input_stack.h.
#include "crash/input_stack.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <exception>

#include "flags/config.h"
#include "testing/seed_leaks.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {
namespace {

// Room under the input's stack for the frames below invoke_input (the
// runner's, or the worker's loop under a fuzz test's own F body).
constexpr size_t kRunnerStackBytes = size_t{1} << 20;
// The input guard: big enough that a frame with a few pages of locals
// cannot step over it (clang emits no stack probes by default).
constexpr uintptr_t kGuardBytes = 64 << 10;
// How far below a stack's lowest usable address a fault still counts as
// that stack overflowing (a big frame may skip past the guard page).
constexpr uintptr_t kBelowStackSlack = 64 << 10;

uintptr_t page_size() {
  static const uintptr_t size = uintptr_t(sysconf(_SC_PAGESIZE));
  return size;
}

// The calling thread's stack and the input guard page placed in it.
struct ThreadStack {
  uintptr_t low = 0;    // lowest usable address (0: not known yet)
  uintptr_t high = 0;   // one past the highest
  uintptr_t guard = 0;  // the input guard page, 0 when none is placed
  ~ThreadStack() {      // the stack may be reused by the next thread
    if (guard) mprotect(reinterpret_cast<void*>(guard), kGuardBytes, PROT_READ | PROT_WRITE);
  }
};

thread_local ThreadStack this_stack;

void learn_low(ThreadStack& s) {
  if (s.low) return;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
  void* addr = nullptr;
  size_t size = 0;
  if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
    s.low = reinterpret_cast<uintptr_t>(addr);
    s.high = s.low + size;
  }
  pthread_attr_destroy(&attr);
}

// Moves the guard to start at `low` (0: removes it).
void place_guard(ThreadStack& s, uintptr_t low) {
  if (s.guard == low) return;
  if (s.guard) mprotect(reinterpret_cast<void*>(s.guard), kGuardBytes, PROT_READ | PROT_WRITE);
  s.guard = 0;
  if (low && mprotect(reinterpret_cast<void*>(low), kGuardBytes, PROT_NONE) == 0) s.guard = low;
}

}  // namespace

void learn_thread_stack() { learn_low(this_stack); }

size_t input_stack_bytes() { return flags().fuzzworker ? kWorkerInputStackBytes : kInputStackBytes; }

void prepare_input_stacks() {
  pthread_attr_t attr;
  if (pthread_getattr_default_np(&attr) != 0) return;
  size_t size = 0;
  pthread_attr_getstacksize(&attr, &size);
  size_t want = input_stack_bytes() + kRunnerStackBytes;
  if (size < want && pthread_attr_setstacksize(&attr, want) == 0) pthread_setattr_default_np(&attr);
  pthread_attr_destroy(&attr);
}

__attribute__((noinline)) void invoke_input(const internal::FuzzFunction& fn, T& t,
                                            const std::vector<Value>& values) {
  ThreadStack& s = this_stack;
  learn_low(s);
  uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  const size_t bytes = input_stack_bytes();
  uintptr_t top = (here - bytes) & ~(page_size() - 1);  // the guard's end
  // Only inside this thread's stack, with room to spare (not on a fiber's
  // or another stack of its own); else the stack's own guard is the limit.
  bool fits = s.low && here >= s.low && here < s.high && here > bytes + kGuardBytes &&
              top - kGuardBytes >= s.low + page_size();
  place_guard(s, fits ? top - kGuardBytes : 0);
  bool leak_check = seed_leak_checks_on() && current_test();
  if (leak_check) begin_seed_leak_window();
  // Unwinding out of the input (an exception it did not catch; the test
  // fails): seed_leaks.h. Asked only when checking: libstdc++'s count is a
  // thread-local behind two calls, 3% of a fast fuzz target's executions.
  struct OnThrow {
    bool on;
    int before;
    ~OnThrow() {
      if (on && std::uncaught_exceptions() > before) input_threw_during_leak_checks();
    }
  } on_throw{leak_check, leak_check ? std::uncaught_exceptions() : 0};
  fn.invoke(t, values);
  if (leak_check) check_seed_leak(*current_test());
}

bool is_stack_overflow(const void* addr) {
  const ThreadStack& s = this_stack;
  uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  if (s.guard && a + kBelowStackSlack >= s.guard && a < s.guard + kGuardBytes) return true;
  return s.low && a < s.low + page_size() && a + kBelowStackSlack >= s.low;
}

}  // namespace cxxtest::runtime
