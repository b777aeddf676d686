// engine/worker/allocation_limit.h: the one-allocation limit of
// -fuzzrsslimit as C, so that the malloc wrappers (malloc/malloc_wrappers.cpp,
// C ABI, no runtime) and the runtime's own checks (worker_limits.h) read one
// variable by one rule. Defined in worker_limits.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {
// The limit in bytes; 0: none (outside fuzz workers and seed runs).
extern uint64_t cxxtest_allocation_limit_bytes;
// What an allocation over it calls from the malloc wrappers (never returns).
[[noreturn]] void cxxtest_allocation_over_limit(size_t bytes);
}

namespace cxxtest::runtime::engine {

inline uint64_t allocation_limit() {
  return __atomic_load_n(&cxxtest_allocation_limit_bytes, __ATOMIC_RELAXED);
}

// Whether one allocation of n bytes is over a set limit. As libFuzzer's
// malloc limit, an allocation of the limit itself is (libpng 1.2.56's
// malloc(2147483648) under the default 2048 MB).
inline bool over_allocation_limit(size_t n) {
  uint64_t limit = allocation_limit();
  return limit != 0 && n >= limit;
}

}  // namespace cxxtest::runtime::engine
