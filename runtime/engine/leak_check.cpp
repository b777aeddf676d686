// engine/leak_check.cpp: see leak_check.h.
#include "engine/leak_check.h"

#include <atomic>
#include <cstddef>

// Defined only when a sanitizer runtime (with LeakSanitizer) is linked in.
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                                         void (*free_hook)(const volatile void*))
    __attribute__((weak));
extern "C" int __lsan_do_recoverable_leak_check() __attribute__((weak));

namespace cxxtest::runtime::engine {
namespace {

bool g_enabled = false;
std::atomic<unsigned long> g_mallocs{0}, g_frees{0};
unsigned long g_mallocs_at_start = 0, g_frees_at_start = 0;

void count_malloc(const volatile void*, size_t) { g_mallocs.fetch_add(1, std::memory_order_relaxed); }
void count_free(const volatile void* p) {
  if (p) g_frees.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

bool start_leak_checks(bool wanted) {
  if (!wanted || !__lsan_do_recoverable_leak_check || !__sanitizer_install_malloc_and_free_hooks) return false;
  g_enabled = __sanitizer_install_malloc_and_free_hooks(count_malloc, count_free) != 0;
  return g_enabled;
}

void begin_leak_window() {
  if (!g_enabled) return;
  g_mallocs_at_start = g_mallocs.load(std::memory_order_relaxed);
  g_frees_at_start = g_frees.load(std::memory_order_relaxed);
}

bool input_leaked() {
  if (!g_enabled) return false;
  unsigned long mallocs = g_mallocs.load(std::memory_order_relaxed) - g_mallocs_at_start;
  unsigned long frees = g_frees.load(std::memory_order_relaxed) - g_frees_at_start;
  if (mallocs <= frees) return false;
  return __lsan_do_recoverable_leak_check() != 0;
}

}  // namespace cxxtest::runtime::engine
