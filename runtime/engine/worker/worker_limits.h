// engine/worker/worker_limits.h: -fuzztimeout and -fuzzrsslimit inside a worker.
//
// Hangs. The thread running inputs bumps a heartbeat (a plain store) before
// every execution. A watchdog thread samples it every tick (a tenth of the
// timeout, between 10 ms and 250 ms); when it has not moved for the timeout
// while a command runs, the watchdog records kind Timeout with the stack of
// the input thread (worker_crash.h) and ends the process with _exit(2).
// During a Fuzz command with a cut (set_fuzz_cut), it does the same with
// kind Slow once the heartbeat has not moved for the cut.
//
// Memory, two ways:
//  - the watchdog reads the resident set size (/proc/self/statm) every tick
//    and records kind Memory when it is over the limit;
//  - operator new and new[] (weak definitions in new_limit.cpp), malloc and
//    its kin (malloc/malloc_wrappers.cpp, linked into builds without ASan,
//    TSan or MSan) and, under those sanitizers, their allocation hook refuse
//    a single allocation of the limit or more at once, recording kind Memory
//    with the allocating stack, so `new char[64 << 30]` or a C library's
//    malloc(2 GB) is caught before it touches a page.
// Both are off (limit 0) outside fuzz workers and seed runs (seed_limits.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/shared/shm.h"
#include "engine/worker/allocation_limit.h"
#include "flags/duration.h"

namespace cxxtest::runtime::engine {

// Counts one execution (the input thread, before running it).
void heartbeat();

// Slow inputs while fuzzing (Command::cut_nanos): from now on, an
// execution that runs `cut` (0: never) without finishing is cut: the
// watchdog records kind Slow with the input thread's stack and ends the
// process, as on a timeout. Set by the input thread between commands.
void set_fuzz_cut(Nanos cut);

// Starts the watchdog thread for the calling (input) thread. timeout <= 0
// disables hang detection, rss_limit 0 the memory checks.
void start_worker_limits(const ShmView& shm, Nanos timeout, uint64_t rss_limit_bytes);

// Resident set size of this process in bytes (0 if unknown).
uint64_t current_rss();

// The operator new hook's limit (bytes, 0: none) and what it calls when an
// allocation exceeds it (never returns).
void set_allocation_limit(uint64_t bytes);
// `skip`: frames between it and the allocation function (the malloc
// wrappers' C entry is one), left out of the recorded stack.
[[noreturn]] void allocation_over_limit(size_t bytes, int skip = 0);
// One allocation of n bytes: allocation_over_limit when over a set limit.
// Called by the replaced operator new and the sanitizer allocation hook.
inline void check_allocation(size_t n) {
  if (over_allocation_limit(n)) [[unlikely]]
    allocation_over_limit(n);
}

}  // namespace cxxtest::runtime::engine
