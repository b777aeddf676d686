// engine/shared/protocol.h: control messages between the coordinator and a worker.
//
// A worker is the test binary re-executed with the coordinator's arguments
// plus -test.fuzzworker. It inherits four descriptors:
//
//   kCommandFd  read end of the command pipe   (coordinator -> worker)
//   kReplyFd    write end of the reply pipe    (worker -> coordinator)
//   kShmFd      its shared memory (shm.h)
//   kMaskFd     the shared coverage mask, mapped read-only
//
// Messages are fixed-size structs, smaller than PIPE_BUF, so each write is
// atomic. The worker speaks first (Hello, once it reached F.Fuzz), then
// answers every Command with exactly one Reply. Inputs and results travel
// in shared memory; the coordinator writes its areas before the command,
// the worker writes its areas before the reply. EOF on the command pipe
// tells the worker to return from F.Fuzz and exit 0.
//
// Its stdout and stderr go to a memfd of the coordinator's, unless
// worker_output_kept(): everything until it says Hello (shown if it dies
// before), then what it wrote during its current or last RunOnce or
// Baseline command, as the worker empties the memfd when one begins (a
// failure's report shows what its input wrote); Fuzz and Minimize
// commands write to /dev/null.
//
// Commands (the input is the "original" area of shared memory):
//   Init      rng seed and stream; no execution; replies Done
//   Baseline  run the input once; snap = its whole coverage. With limit >= 2
//             calibrate: run it kCalibrateRuns times (up to limit when the
//             runs disagree); snap = the union, keep = the counters that
//             differed, count = runs, changed = counters hit, differed =
//             how many of those differed
//   RunOnce   run the input once; replies Failure (record in shm) or Done
//   Fuzz      mutate and run, at most `limit` times; `nanos` long once
//             `floor` executions ran, and never longer than `cap_nanos`
//             (0: no cap) nor past `cap_cmps` compares made (0: no cap);
//             an execution that runs `cut_nanos` (0: none) is cut: the
//             watchdog records kind Slow with its stack and the worker
//             exits, as on a timeout (a slow input, not yet a failure);
//             stops at the first failure or new coverage (snap = new words), or
//             at an input shorter than the original that has every bit of
//             the keep area (the entry's own features; none: never), which
//             replies Reduced
//   Minimize  shrink an input that must keep the keep-area bits, in at most
//             `limit` runs (0: no count limit), `nanos` and `cap_cmps`
//             compares (0: no cap); current = the
//             result, snap = its coverage; Failure if a candidate failed
//             (current = that candidate), Flaky if the input lost the bits
#pragma once

#include <cstdint>
#include <string>

namespace cxxtest::runtime::engine {

inline constexpr int kCommandFd = 3;
inline constexpr int kReplyFd = 4;
inline constexpr int kShmFd = 5;
inline constexpr int kMaskFd = 6;

// CXXTEST_FUZZ_WORKER_OUTPUT is set and not "0": workers' stdout and
// stderr pass through while they fuzz.
bool worker_output_kept();

// Exit status of a worker that hit an internal error (Go's 70).
inline constexpr int kWorkerInternalExit = 70;

// Runs of the first input for the stability figure, as AFL++ calibrates:
// this many, and up to kCalibrateMaxRuns when they disagree, so the
// counters named unstable are more complete.
inline constexpr uint64_t kCalibrateRuns = 8;
inline constexpr uint64_t kCalibrateMaxRuns = 16;

enum class Op : uint32_t { Init = 1, Baseline, RunOnce, Fuzz, Minimize };

// The commands whose output the worker keeps in the coordinator's memfd
// (see above): single inputs, whose failure is reported as it happened.
inline bool records_output(Op op) { return op == Op::RunOnce || op == Op::Baseline; }

struct Command {
  Op op = Op::Init;
  uint32_t max_len = 0;   // Fuzz: the longest a byte value may grow (0: the mutator's own limit)
  uint64_t limit = 0;     // executions at most (Fuzz, Minimize; 0: none for Minimize)
  int64_t nanos = 0;      // time budget (Fuzz, Minimize; 0: none for Minimize)
  uint64_t seed = 0;      // Init
  uint64_t stream = 0;    // Init
  uint64_t floor = 0;     // Fuzz: executions before `nanos` may end it
  int64_t cap_nanos = 0;  // Fuzz: the longest it may run, floor or not (0: no cap)
  uint64_t cap_cmps = 0;  // Fuzz, Minimize: the most compares its executions may make
                          // (0: no cap): a repeatable run's cap, where time would not repeat
  int64_t cut_nanos = 0;  // Fuzz: an execution this long is cut (kind Slow; 0: never)

  // The commands by name (fields not named stay 0).
  static Command init(uint64_t seed, uint64_t stream) {
    return {Op::Init, 0, 0, 0, seed, stream, 0, 0, 0, 0};
  }
  // runs >= 2: calibrate (see Baseline above).
  static Command baseline(uint64_t runs) { return {Op::Baseline, 0, runs, 0, 0, 0, 0, 0, 0, 0}; }
  static Command run_once() { return {Op::RunOnce, 0, 1, 0, 0, 0, 0, 0, 0, 0}; }
  static Command fuzz(uint64_t limit, int64_t nanos, uint32_t max_len = 0, uint64_t floor = 0,
                      int64_t cap_nanos = 0, uint64_t cap_cmps = 0, int64_t cut_nanos = 0) {
    return {Op::Fuzz, max_len, limit, nanos, 0, 0, floor, cap_nanos, cap_cmps, cut_nanos};
  }
  static Command minimize(uint64_t limit, int64_t nanos, uint64_t cap_cmps = 0) {
    return {Op::Minimize, 0, limit, nanos, 0, 0, 0, 0, cap_cmps, 0};
  }
};

// Reduced (Fuzz): an input shorter than the original that keeps the keep
// area's bits (the entry's own features) is in the current area, as
// libFuzzer's REDUCE replaces an entry with it.
enum class Outcome : uint32_t { Hello = 1, Done, NewCoverage, Failure, Flaky, Reduced };

struct Reply {
  Outcome outcome = Outcome::Done;
  uint32_t differed = 0;  // calibrating Baseline: counters that differed between runs
  uint64_t count = 0;     // executions this command ran (Hello: mask size)
  int64_t nanos = 0;      // how long the command took
  uint64_t changed = 0;   // Minimize: 1 if the input got smaller or simpler;
                          // calibrating Baseline: counters hit
  int64_t slowest = 0;    // Fuzz: the longest execution, in nanoseconds (to the
                          // coarse clock's tick)
  uint32_t notes = 0;     // kNote* bits: what the worker has to tell once
  uint32_t capped = 0;    // Fuzz, Minimize: 1 when its cap_cmps compares ended it
};

// Reply::notes: the worker's leak checks have stopped (leak_check.h: too
// many or too costly scans that found nothing).
inline constexpr uint32_t kNoteLeakChecksStopped = 1;

// Writes or reads one whole message, retrying on EINTR. False on EOF or an
// error: either way the process at the other end is gone (or going), which
// the caller learns from its exit status, so no message is kept.
bool write_message(int fd, const void* msg, size_t size);
bool read_message(int fd, void* msg, size_t size);

}  // namespace cxxtest::runtime::engine
