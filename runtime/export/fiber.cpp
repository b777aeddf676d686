// export/fiber.cpp: see fiber.h.
#include "export/fiber.h"

#include <ucontext.h>

#include <cstddef>
#include <cstdlib>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CXXTEST_FIBER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(CXXTEST_FIBER_ASAN)
#define CXXTEST_FIBER_ASAN 1
#endif
#ifdef CXXTEST_FIBER_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace cxxtest::runtime {
namespace {

constexpr size_t kStackSize = size_t{32} << 20;  // as deep as a main thread allows, and then some

ucontext_t caller_ctx, fiber_ctx;
void* fiber_stack = nullptr;  // the heap block: reachable, so LSan scans it
void (*fiber_body)() = nullptr;
// The stack the fiber was resumed from, for ASan's bookkeeping.
const void* caller_bottom = nullptr;
size_t caller_size = 0;

void switch_context(ucontext_t& from, ucontext_t& to, const void* to_bottom, size_t to_size) {
#ifdef CXXTEST_FIBER_ASAN
  void* fake_stack = nullptr;
  __sanitizer_start_switch_fiber(&fake_stack, to_bottom, to_size);
  swapcontext(&from, &to);
  __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#else
  (void)to_bottom;
  (void)to_size;
  swapcontext(&from, &to);
#endif
}

void trampoline() {
#ifdef CXXTEST_FIBER_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &caller_bottom, &caller_size);
#endif
  fiber_body();
  std::abort();  // the body never returns
}

}  // namespace

void fiber_start(void (*body)()) {
  fiber_body = body;
  fiber_stack = std::malloc(kStackSize);
  if (!fiber_stack) std::abort();
  getcontext(&fiber_ctx);
  fiber_ctx.uc_stack.ss_sp = fiber_stack;
  fiber_ctx.uc_stack.ss_size = kStackSize;
  fiber_ctx.uc_link = nullptr;
  makecontext(&fiber_ctx, trampoline, 0);
  fiber_resume();
}

void fiber_resume() { switch_context(caller_ctx, fiber_ctx, fiber_stack, kStackSize); }

void fiber_yield() { switch_context(fiber_ctx, caller_ctx, caller_bottom, caller_size); }

}  // namespace cxxtest::runtime
