// bench/alloc_count.cpp: see alloc_count.h.
#include "bench/alloc_count.h"

#include <atomic>
#include <cstddef>

// Defined by libcxxtest_benchmem.a, linked only into -bench builds.
extern "C" __attribute__((weak)) void cxxtest_benchmem_counts(uint64_t* mallocs, uint64_t* bytes);
// Defined by the sanitizer runtimes (sanitizer/allocator_interface.h).
extern "C" __attribute__((weak)) int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void*, size_t), void (*free_hook)(const volatile void*));

namespace cxxtest::runtime {
namespace {

std::atomic<uint64_t> hooked_mallocs{0}, hooked_bytes{0};

void on_malloc(const volatile void*, size_t n) {
  hooked_mallocs.fetch_add(1, std::memory_order_relaxed);
  hooked_bytes.fetch_add(n, std::memory_order_relaxed);
}
void on_free(const volatile void*) {}

}  // namespace

AllocCounts alloc_counts() {
  // Only one of the two ever counts: the benchmem archive is not linked
  // under the sanitizers that own malloc, and UBSan's hooks never fire.
  static const bool hooked = __sanitizer_install_malloc_and_free_hooks &&
                             __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
  (void)hooked;
  AllocCounts c{hooked_mallocs.load(std::memory_order_relaxed), hooked_bytes.load(std::memory_order_relaxed)};
  if (cxxtest_benchmem_counts) {
    AllocCounts own;
    cxxtest_benchmem_counts(&own.mallocs, &own.bytes);
    c += own;
  }
  return c;
}

}  // namespace cxxtest::runtime
