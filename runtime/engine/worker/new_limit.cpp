// engine/worker/new_limit.cpp: replaceable operator new / new[] with a size check
// (the allocation half of -fuzzrsslimit, worker_limits.h).
//
// Weak definitions: a sanitizer runtime that brings its own operator new
// (ASan, MSan, TSan) wins, and these never run. Otherwise they are the
// program's operator new (the standard allows replacing them), behave as
// the standard says (new_handler loop, std::bad_alloc, nothrow variants),
// and cost one well-predicted branch per allocation while no limit is set
// (every plain test binary).
#include <cstdlib>
#include <new>

#include "engine/worker/worker_limits.h"

namespace {

using cxxtest::runtime::engine::check_allocation;

void* allocate(size_t n) {
  check_allocation(n);
  if (n == 0) n = 1;
  for (;;) {
    if (void* p = std::malloc(n)) return p;
    std::new_handler h = std::get_new_handler();
    if (!h) throw std::bad_alloc();
    h();
  }
}

void* allocate_aligned(size_t n, std::align_val_t al) {
  check_allocation(n);
  size_t align = static_cast<size_t>(al) < sizeof(void*) ? sizeof(void*) : static_cast<size_t>(al);
  if (n == 0) n = 1;
  for (;;) {
    void* p = nullptr;
    if (posix_memalign(&p, align, n) == 0) return p;
    std::new_handler h = std::get_new_handler();
    if (!h) throw std::bad_alloc();
    h();
  }
}

}  // namespace

#define CXXTEST_WEAK __attribute__((weak))

CXXTEST_WEAK void* operator new(size_t n) { return allocate(n); }
CXXTEST_WEAK void* operator new[](size_t n) { return allocate(n); }
CXXTEST_WEAK void* operator new(size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
CXXTEST_WEAK void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
CXXTEST_WEAK void* operator new(size_t n, std::align_val_t al) { return allocate_aligned(n, al); }
CXXTEST_WEAK void* operator new[](size_t n, std::align_val_t al) { return allocate_aligned(n, al); }
CXXTEST_WEAK void* operator new(size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
  try {
    return allocate_aligned(n, al);
  } catch (...) {
    return nullptr;
  }
}
CXXTEST_WEAK void* operator new[](size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
  try {
    return allocate_aligned(n, al);
  } catch (...) {
    return nullptr;
  }
}
