// bench/alloc_count.h: the process's heap allocations so far, for B/op and
// allocs/op (Go reads runtime.MemStats' Mallocs and TotalAlloc).
//
// Counted by the malloc of libcxxtest_benchmem.a (malloc/malloc_wrappers.cpp),
// which -bench builds link, or, under ASan, TSan or MSan (whose malloc wins),
// by the sanitizer's malloc hook. Every allocation counts: malloc, calloc,
// realloc, the aligned ones, and operator new, which calls malloc. A binary
// with neither (a plain build run with -test.bench by hand) counts zeros.
#pragma once

#include <cstdint>

namespace cxxtest::runtime {

struct AllocCounts {
  uint64_t mallocs = 0;  // allocations
  uint64_t bytes = 0;    // bytes requested by them
};

// Totals since the process started (the sanitizer hook: since the first
// call). Thread-safe; never allocates.
AllocCounts alloc_counts();

inline AllocCounts operator-(AllocCounts a, AllocCounts b) {
  return {a.mallocs - b.mallocs, a.bytes - b.bytes};
}
inline AllocCounts& operator+=(AllocCounts& a, AllocCounts b) {
  a.mallocs += b.mallocs;
  a.bytes += b.bytes;
  return a;
}

}  // namespace cxxtest::runtime
