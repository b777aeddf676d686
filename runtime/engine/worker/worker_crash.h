// engine/worker/worker_crash.h: a worker recording how it dies.
//
// install_worker_crash_handlers() replaces the runtime's crash reporting in
// a worker process: instead of printing, every way of dying while an input
// runs fills the FailureRecord in shared memory (shm.h) and ends the
// process, so the coordinator can report the input with its stack:
//
//   SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP  kind Signal, then the
//                                   signal is re-raised with its default action
//   std::terminate                  kind Terminate, then _exit(2)
//   exit() during an input          kind Exit (the status), then exit goes on
//   fire_watchdog() (watchdog.h)    kind Timeout or Memory, then _exit(2)
//   record_leak_and_exit()          kind Leak, then _exit(23) (LSan's status)
//
// Only the first of these wins (record_claimed); a second one in another
// thread waits for the process to end. Frames are module-relative (shm.h),
// so the coordinator can symbolize them in its own address space.
#pragma once

#include <string>

#include "engine/shared/shm.h"

namespace cxxtest::runtime::engine {

// `shm` stays mapped for the life of the process. `*log` is the running
// input's test log (copied into the report on a crash; read without a lock).
void install_worker_crash_handlers(const ShmView& shm, const std::string* const* log);

// Records that the input just run leaked memory (leak_check.h) and ends the
// worker.
[[noreturn]] void record_leak_and_exit();

// Set while a command runs inputs; exit() outside of that is not recorded.
void set_busy(bool busy);
bool busy();

// Claims the record for a dying path; false if another path has it.
bool claim_record();

// The watchdog's claim (worker_limits.h), which races the end of a command:
// a failure recorded after the worker replied would be wiped by the
// coordinator's clear_failure for the next command and the worker's exit
// read as "terminated unexpectedly". So the watchdog claims, then checks
// busy() (false: it gives the claim back and does not fire), and serve()
// clears busy, then waits out any claim (wait_for_dying_path) before it
// replies. Both steps are sequentially consistent, so one side always sees
// the other. Waits forever if a crash has the record already.
bool claim_while_busy();
void wait_for_dying_path();

// Fills the record's frames from the calling thread's stack. With a signal
// ucontext, frames start at the interrupted pc; otherwise the first `skip`
// frames are dropped (frame 0 is record_frames itself).
void record_frames(FailureRecord& r, void* ucontext, int skip);
// Sets r's frames to `pcs` (this process's addresses), as module offsets.
void set_record_frames(FailureRecord& r, void* const* pcs, int n);

// Copies the running input's log into the report area (text_len).
void record_log(const ShmView& shm);

// Asks `thread` (the one running inputs) to record its own stack into the
// record's frames, and waits up to `wait_ms` for it. For the watchdog.
void capture_thread_frames(unsigned long thread, int wait_ms);

}  // namespace cxxtest::runtime::engine
