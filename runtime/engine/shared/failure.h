// engine/shared/failure.h: how an input failed, as the coordinator keeps it, and
// the rule for "fails the same way" that minimization uses.
//
// A worker fills the FailureRecord in shared memory (shm.h) when an input
// fails: in process for t.Error and exceptions, from its signal, terminate,
// exit and watchdog handlers when it dies. A worker that dies without a
// record (an _exit, an external signal) is classified by its exit status.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/shared/shm.h"

namespace cxxtest::runtime::engine {

struct Failure {
  FailureKind kind = FailureKind::None;
  int detail = 0;      // signal number, exit status
  uint64_t value = 0;  // bytes (Memory), nanoseconds (Timeout)
  uint64_t nanos = 0;  // how long the input ran
  std::string where;   // exception type, or `file.cpp:12` of the first failing log line
  std::vector<Frame> frames;
  std::string text;  // the input's log up to the failure
  // Coordinator side: the report a sanitizer wrote as this failure happened
  // (symbolized; sanitizer_report.h), "" if none. Workers never fill it.
  std::string sanitizer;
};

// The record (and its text) in shared memory; kind None if there is none.
Failure read_failure(const ShmView& shm);
// The offsets of a stack's frames in the program (module 0, the test
// binary), innermost first: `count` of them after the first `skip`.
std::vector<uint64_t> program_frames(const std::vector<Frame>& frames, size_t skip, size_t count);
// Clears the record (coordinator, before a command).
void clear_failure(const ShmView& shm);

// A worker that ended with wait status `status` while running an input.
// Returns false for a death that is not the input's fault (SIGKILL, SIGTERM,
// SIGHUP, SIGINT...: "no crash will be recorded"); otherwise sets *f from
// the record if the worker wrote one, else from the status (Exit, Signal).
bool classify_death(const ShmView& shm, int status, Failure* f);

// Whether b fails "the same way" as a: same kind; then the same exception
// type, or the same signal and the same innermost two frames in the main
// executable, or the same exit status. Two t.Error/t.Fatal failures match
// whatever their messages (Go's rule; the runtime does not tell which log
// line failed the test). When both carry a sanitizer's report, its bug
// must be the same too (sanitizer_bug): every ASan or UBSan death is the
// same exit status, so without it minimizing a heap overflow could end on
// a use-after-free elsewhere, as libFuzzer's -minimize_crash compares its
// DEDUP_TOKEN.
bool same_failure(const Failure& a, const Failure& b);

// What tells a sanitizer report's bug from another's: its SUMMARY line
// (the kind and the place), or for a leak, whose SUMMARY counts bytes, the
// first leak's allocation frames #1 and #2, or for a stack overflow, whose
// place is wherever a recursion ran out, only its kind; "" when the report
// has no SUMMARY.
std::string sanitizer_bug(const std::string& report);

// A failure's identity for -fuzzkeepgoing, which reports each distinct bug
// once: the kind, then what tells bugs of that kind apart: the log line
// (t.Error/t.Fatal's file:line), the exception type, the signal and the
// innermost two frames in the test binary, the exit status, and for a
// sanitizer's report its SUMMARY line (its kind and where it happened),
// but for a leak, whose SUMMARY counts bytes, the first leak's allocation
// frames #1 and #2.
std::string failure_signature(const Failure& f, const std::string& sanitizer_report);

// A sanitizer report's SUMMARY line without "SUMMARY: " ("AddressSanitizer:
// heap-buffer-overflow p.cpp:7:3 in parse"), or "" when it has none.
std::string sanitizer_summary(const std::string& report);

// Go's exit description: "exit status 3", "signal: killed",
// "signal: segmentation fault".
std::string describe_status(int status);

// "SIGSEGV: segmentation violation" and friends (crash.cpp's wording).
std::string signal_text(int signo);

// "file.cpp:12" from the first `    file.cpp:12: msg` line of a test log;
// "" if the log does not start that way.
std::string first_log_location(const std::string& log);

}  // namespace cxxtest::runtime::engine
