// engine/worker/leak_check.cpp: see leak_check.h.
#include "engine/worker/leak_check.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

// Defined only when a sanitizer runtime (with LeakSanitizer) is linked in.
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                                         void (*free_hook)(const volatile void*))
    __attribute__((weak));
extern "C" int __lsan_do_recoverable_leak_check() __attribute__((weak));
extern "C" void __lsan_disable() __attribute__((weak));
extern "C" void __lsan_enable() __attribute__((weak));

namespace cxxtest::runtime::engine {
namespace {

bool g_enabled = false;
bool g_stopped = false;
int g_scans = 0;
bool g_time_capped = true;  // start_leak_checks: not in a repeatable run
int64_t g_scan_nanos = 0;
int64_t g_started = 0;

int64_t now_nanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
std::atomic<unsigned long> g_mallocs{0}, g_frees{0};
unsigned long g_mallocs_at_start = 0, g_frees_at_start = 0;

void count_malloc(const volatile void*, size_t) { g_mallocs.fetch_add(1, std::memory_order_relaxed); }
void count_free(const volatile void* p) {
  if (p) g_frees.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

bool start_leak_checks(bool wanted, bool repeatable) {
  if (!wanted || !__lsan_do_recoverable_leak_check || !__sanitizer_install_malloc_and_free_hooks)
    return false;
  g_time_capped = !repeatable;
  g_enabled = __sanitizer_install_malloc_and_free_hooks(count_malloc, count_free) != 0;
  g_started = now_nanos();
  return g_enabled;
}

void begin_leak_window() {
  if (!g_enabled) return;
  g_mallocs_at_start = g_mallocs.load(std::memory_order_relaxed);
  g_frees_at_start = g_frees.load(std::memory_order_relaxed);
}

void begin_unreported_allocations() {
  if (g_enabled && __lsan_disable) __lsan_disable();
}

void end_unreported_allocations() {
  if (g_enabled && __lsan_enable) __lsan_enable();
}

bool leak_suspected() {
  if (!g_enabled) return false;
  unsigned long mallocs = g_mallocs.load(std::memory_order_relaxed) - g_mallocs_at_start;
  unsigned long frees = g_frees.load(std::memory_order_relaxed) - g_frees_at_start;
  return mallocs > frees;
}

bool input_leaked() {
  if (!leak_suspected()) return false;
  int64_t t0 = now_nanos();
  bool leaked = __lsan_do_recoverable_leak_check() != 0;
  int64_t t1 = now_nanos();
  g_scan_nanos += t1 - t0;
  ++g_scans;
  bool too_costly = g_time_capped && g_scans >= 20 && g_scan_nanos * 5 > t1 - g_started;
  if (!leaked && (g_scans >= kMaxLeakScans || too_costly)) g_enabled = false, g_stopped = true;
  return leaked;
}

bool leak_checks_stopped() { return g_stopped; }

}  // namespace cxxtest::runtime::engine
