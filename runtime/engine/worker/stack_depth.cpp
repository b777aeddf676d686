// engine/worker/stack_depth.cpp: see stack_depth.h.
#include "engine/worker/stack_depth.h"

#include "crash/input_stack.h"
#include "engine/shared/coverage.h"

// Each instrumented non-leaf function lowers it to its frame address when
// that is lower. Defined in cov_hooks.cpp.
extern "C" __thread uintptr_t __sancov_lowest_stack;

namespace cxxtest::runtime::engine {

__attribute__((noinline)) void invoke_measuring_depth(const internal::FuzzFunction& fn, T& t,
                                                      const std::vector<Value>& values, uintptr_t* start) {
  auto frame = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  // This frame's stack pointer is its frame address less a fixed size, so
  // padding by frame % 64 leaves it at the same address modulo 64 always.
  auto* pad = static_cast<volatile char*>(__builtin_alloca(frame & 63));
  asm volatile("" : : "r"(pad) : "memory");
  *start = frame & ~uintptr_t{63};
  __sancov_lowest_stack = *start;
  invoke_input(fn, t, values);
}

void note_stack_depth(uintptr_t start) {
  uintptr_t lowest = __sancov_lowest_stack;
  if (lowest < start) note_depth(start - lowest);  // a thrown fn: start was set first
}

}  // namespace cxxtest::runtime::engine
