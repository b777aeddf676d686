// engine/worker/worker_limits.cpp: the worker's watchdog thread (see worker_limits.h).
#include "engine/worker/worker_limits.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "crash/crash.h"
#include "engine/worker/worker_crash.h"

namespace cxxtest::runtime::engine {
namespace {

uint64_t g_heartbeat = 0;  // written by the input thread only
Nanos g_fuzz_cut = 0;      // set_fuzz_cut's; written by the input thread only
ShmView g_shm;
bool g_in_worker = false;  // start_worker_limits ran: failures go to g_shm

int64_t now_nanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Records `kind` with the input thread's stack and ends the process.
// Returns without firing if the input ended meanwhile (claim_while_busy).
void fire(FailureKind kind, uint64_t value, pthread_t input_thread) {
  if (!claim_while_busy()) return;
  FailureRecord& r = g_shm.header().failure;
  r.kind = kind;
  r.value = value;
  record_log(g_shm);
  capture_thread_frames(static_cast<unsigned long>(input_thread), 1000);
  _exit(2);
}

struct Watch {
  Nanos timeout;
  uint64_t rss_limit;
  pthread_t input_thread;
};

[[noreturn]] void watch(Watch w) {
  Nanos tick = std::clamp<Nanos>(w.timeout / 10, 10'000'000, 250'000'000);
  uint64_t last_beat = ~uint64_t{0};
  int64_t last_change = now_nanos();
  for (;;) {
    std::this_thread::sleep_for(std::chrono::nanoseconds(tick));
    int64_t now = now_nanos();
    uint64_t beat = __atomic_load_n(&g_heartbeat, __ATOMIC_RELAXED);
    if (beat != last_beat || !busy()) {
      last_beat = beat;
      last_change = now;
    } else if (w.timeout > 0 && now - last_change >= w.timeout) {
      fire(FailureKind::Timeout, uint64_t(w.timeout), w.input_thread);
    } else if (Nanos cut = __atomic_load_n(&g_fuzz_cut, __ATOMIC_RELAXED);
               cut > 0 && now - last_change >= cut) {
      fire(FailureKind::Slow, uint64_t(cut), w.input_thread);
    }
    // Only while an input runs: a worker that dies while idle looks to the
    // coordinator like one that quit, and the failure would be lost; a
    // resident set still too big fires at the next input.
    if (w.rss_limit > 0 && busy()) {
      uint64_t rss = current_rss();
      if (rss > w.rss_limit) fire(FailureKind::Memory, rss, w.input_thread);
    }
  }
}

}  // namespace

void heartbeat() { __atomic_store_n(&g_heartbeat, g_heartbeat + 1, __ATOMIC_RELAXED); }

void set_fuzz_cut(Nanos cut) { __atomic_store_n(&g_fuzz_cut, cut, __ATOMIC_RELAXED); }

void start_worker_limits(const ShmView& shm, Nanos timeout, uint64_t rss_limit_bytes) {
  g_shm = shm;
  g_in_worker = true;
  set_allocation_limit(rss_limit_bytes);
  if (timeout <= 0 && rss_limit_bytes == 0) return;
  // The watchdog's memory check opens /proc/self/statm now, not at its
  // first look while an input runs: a harness that counts its open
  // descriptors around each input (wpantund's aborts when they differ)
  // would see one appear.
  if (rss_limit_bytes > 0) (void)current_rss();
  std::thread(watch, Watch{timeout, rss_limit_bytes, pthread_self()}).detach();
}

uint64_t current_rss() {
  static int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  char buf[128];
  ssize_t n = fd >= 0 ? pread(fd, buf, sizeof buf - 1, 0) : -1;
  if (n <= 0) return 0;
  buf[n] = '\0';
  char* p = buf;
  std::strtoull(p, &p, 10);  // total program size
  uint64_t pages = std::strtoull(p, nullptr, 10);
  return pages * uint64_t(sysconf(_SC_PAGESIZE));
}

void set_allocation_limit(uint64_t bytes) {
  __atomic_store_n(&cxxtest_allocation_limit_bytes, bytes, __ATOMIC_RELAXED);
}

[[gnu::noinline]] void allocation_over_limit(size_t bytes, int skip) {
  if (!g_in_worker) {  // a plain run of seed inputs (seed_limits.h)
    fail_process_here("panic: an allocation of " + std::to_string(bytes) +
                      " bytes reaches -fuzzrsslimit=" + std::to_string(allocation_limit() >> 20) +
                      " MB (the limit fuzzing applies to each input)");
  }
  if (!claim_record()) {
    for (;;) pause();
  }
  FailureRecord& r = g_shm.header().failure;
  r.kind = FailureKind::Memory;
  r.detail = 1;  // one allocation, not the resident set
  r.value = bytes;
  record_frames(r, nullptr, 3 + skip);  // from the allocation function's caller on
  record_log(g_shm);
  _exit(2);
}

}  // namespace cxxtest::runtime::engine

// For the malloc of libcxxtest_malloclimit.a and libcxxtest_benchmem.a
// (malloc/malloc_wrappers.cpp), which is C and reads the limit inline
// (allocation_limit.h).
extern "C" {
uint64_t cxxtest_allocation_limit_bytes = 0;
// Never inlined nor a tail call, so that it is always the one frame skipped.
[[gnu::noinline]] void cxxtest_allocation_over_limit(size_t bytes) {
  cxxtest::runtime::engine::allocation_over_limit(bytes, 1);
  __asm__ volatile("");
}
}

// Under a sanitizer its own operator new and malloc win (new_limit.cpp's
// replacements are not even linked), so the one-allocation limit is checked
// from the sanitizer's allocation hook instead, for every malloc and new
// alike: a 3.7 GB malloc in a C library is then "one allocation over
// -fuzzrsslimit" at once, as libFuzzer's malloc limit reports it, instead of
// an RSS overrun seconds later (or a timeout in a plain run). The hook runs
// after the allocation, which the sanitizer has only reserved, not touched.
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                                         void (*free_hook)(const volatile void*))
    __attribute__((weak));

namespace cxxtest::runtime::engine {
namespace {

void check_sanitizer_allocation(const volatile void*, size_t n) { check_allocation(n); }
void ignore_free(const volatile void*) {}

[[gnu::constructor]] void install_allocation_hook() {
  if (__sanitizer_install_malloc_and_free_hooks)
    __sanitizer_install_malloc_and_free_hooks(check_sanitizer_allocation, ignore_free);
}

}  // namespace
}  // namespace cxxtest::runtime::engine
