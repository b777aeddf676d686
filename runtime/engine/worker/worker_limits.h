// engine/worker/worker_limits.h: -fuzztimeout and -fuzzrsslimit inside a worker.
//
// Hangs. The thread running inputs bumps a heartbeat (a plain store) before
// every execution. A watchdog thread samples it every tick (a tenth of the
// timeout, between 10 ms and 250 ms); when it has not moved for the timeout
// while a command runs, the watchdog records kind Timeout with the stack of
// the input thread (worker_crash.h) and ends the process with _exit(2).
//
// Memory, two ways:
//  - the watchdog reads the resident set size (/proc/self/statm) every tick
//    and records kind Memory when it is over the limit;
//  - operator new and new[] (weak definitions in new_limit.cpp) refuse a
//    single allocation larger than the limit at once, recording kind Memory
//    with the allocating stack, so `new char[64 << 30]` is caught before it
//    touches a page. malloc() itself is not hooked: a huge malloc either
//    fails (and the target handles or crashes on it) or is caught by rss.
// Both are off (limit 0) outside fuzz workers.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/shared/shm.h"
#include "flags/duration.h"

namespace cxxtest::runtime::engine {

// Counts one execution (the input thread, before running it).
void heartbeat();

// Starts the watchdog thread for the calling (input) thread. timeout <= 0
// disables hang detection, rss_limit 0 the memory checks.
void start_worker_limits(const ShmView& shm, Nanos timeout, uint64_t rss_limit_bytes);

// Resident set size of this process in bytes (0 if unknown).
uint64_t current_rss();

// The operator new hook's limit (bytes, 0: none) and what it calls when an
// allocation exceeds it (never returns).
void set_allocation_limit(uint64_t bytes);
uint64_t allocation_limit();
[[noreturn]] void allocation_over_limit(size_t bytes);
// One allocation of n bytes: allocation_over_limit when over a set limit.
// Called by the replaced operator new and the sanitizer allocation hook.
inline void check_allocation(size_t n) {
  uint64_t limit = allocation_limit();
  // As libFuzzer's malloc limit: an allocation of the limit itself fails
  // too (libpng 1.2.56's malloc(2147483648) under the default 2048 MB).
  if (limit != 0 && n >= limit) [[unlikely]]
    allocation_over_limit(n);
}

}  // namespace cxxtest::runtime::engine
