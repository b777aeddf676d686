// engine/shared/shm.h: the memory a coordinator shares with one worker.
//
// One memfd per worker, created by the coordinator, passed to the worker as
// fd kShmFd and mapped read-write by both. It outlives worker restarts (the
// coordinator keeps it and hands the same fd to the next worker process) and
// disappears with the last mapping: a killed coordinator leaves no file.
// Only touched pages use memory; the two input areas are large and sparse.
//
// Areas, in order (ShmLayout gives the offsets; each starts on a page):
//
//   header     4096 bytes  ShmHeader, below
//   report     64 KiB      text of the last failure (FailureRecord.text_len),
//                          or the learned tokens of a NewCoverage reply
//   keep       mask bytes  coverage the worker must keep (coordinator writes);
//                          after a calibrating Baseline, the worker writes
//                          the counters that differed (non-zero bytes)
//   snap       mask bytes  coverage the worker reports (worker writes)
//   original   kInputCap   encoded input to start from, then the splice
//                          partner right after it (coordinator writes)
//   current    kInputCap   encoded input now running (worker writes it
//                          before every execution: a dead worker's input is
//                          always here, exactly)
//
// ShmHeader, byte by byte (little endian, native alignment):
//
//   off  size  field         writer       meaning
//     0     8  magic         coordinator  kShmMagic
//     8     8  exec_count    worker       executions started in the current
//                                         command, counted before each one
//    16     4  phase         worker       Phase: what the worker is doing
//    20     4  current_len   worker       bytes in the current area
//    24     4  original_len  coordinator  bytes of the original input
//    28     4  partner_len   coordinator  bytes of the partner (0: none)
//    32     4  mask_size     coordinator  bytes of keep and snap
//    36     4  learned_len   worker       after a NewCoverage reply: bytes of
//                                         tokens in the report area that led
//                                         to it (auto_dict.h), 0: none
//    40   768  failure       worker       FailureRecord of the last failure
//   808        end (the rest of the page is unused)
//
// FailureRecord, at offset 40 of the header:
//
//   off  size  field     meaning
//     0     4  kind      FailureKind (0: none recorded)
//     4     4  detail    signal number, exit status, ...
//     8     8  value     bytes (memory), nanoseconds (timeout),
//                        kStackOverflow (signal: a stack overflow)
//    16     8  nanos     how long the input ran before failing
//    24     4  nframes   valid entries of frames
//    28     4  text_len  bytes of the report area that belong to it
//    32   224  where     NUL-terminated: exception type, or `file.cpp:12`
//                        of the first failing log line
//   256   512  frames    32 x Frame {u32 module; u32 0; u64 offset}: the
//                        stack, innermost first, as (index in
//                        dl_iterate_phdr order, offset in that module)
//   768        end
//
// Ownership: the coordinator writes its fields (and zeroes exec_count and
// the failure record) only while the worker is idle, before sending a
// command; the worker writes its fields only while it runs a command or
// dies. The one exception is the coordinator's hang backstop, which sets
// failure.kind of a worker it is about to SIGKILL. The pipe message (or the
// worker's death) that ends a command orders the worker's writes before the
// coordinator's reads; exec_count may also be read while the worker runs
// (progress lines), which only needs a recent value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/expected.h"

namespace cxxtest::runtime::engine {

inline constexpr uint64_t kShmMagic = 0x3176'6d68'737a'6678;  // "xfzshmv1"
inline constexpr size_t kPage = 4096;
inline constexpr size_t kReportCap = 64 * 1024;
// Capacity of each input area; the mutator keeps values below
// kInputCap / args - 100 (Go's bound), which leaves room for the encoding.
inline constexpr size_t kInputCap = size_t{100} << 20;

enum class Phase : uint32_t { Idle = 0, Busy = 1 };

enum class FailureKind : uint32_t {
  None = 0,
  TestFailed = 1,  // t.Error, t.Fatal, t.Fail: the worker lives
  Exception = 2,   // an uncaught C++ exception: the worker lives
  Signal = 3,      // SIGSEGV, SIGABRT...: the worker died
  Terminate = 4,   // std::terminate: the worker died
  Exit = 5,        // exit() or _exit() during an input
  Timeout = 6,     // an input ran longer than -fuzztimeout
  Memory = 7,      // -fuzzrsslimit exceeded (rss, or one huge allocation)
  Leak = 8,        // LeakSanitizer found memory the input leaked: the worker exits
  Slow = 9,        // a fuzzing execution ran Command::cut_nanos: cut, not a failure yet
};

struct Frame {
  uint32_t module = 0;
  uint32_t reserved = 0;
  uint64_t offset = 0;
};

inline constexpr int kMaxFrames = 32;
inline constexpr uint64_t kStackOverflow = 1;  // FailureRecord::value of a signal (input_stack.h)
inline constexpr size_t kWhereCap = 224;

struct FailureRecord {
  FailureKind kind;
  int32_t detail;
  uint64_t value;
  uint64_t nanos;
  uint32_t nframes;
  uint32_t text_len;
  char where[kWhereCap];
  Frame frames[kMaxFrames];
};
static_assert(sizeof(FailureRecord) == 768);

struct ShmHeader {
  uint64_t magic;
  uint64_t exec_count;
  Phase phase;
  uint32_t current_len;
  uint32_t original_len;
  uint32_t partner_len;
  uint32_t mask_size;
  uint32_t learned_len;
  FailureRecord failure;
};
static_assert(offsetof(ShmHeader, failure) == 40);
static_assert(sizeof(ShmHeader) == 808);
static_assert(sizeof(ShmHeader) <= kPage);

// Offsets of the areas for a given mask size.
struct ShmLayout {
  size_t report = 0, keep = 0, snap = 0, original = 0, current = 0, total = 0;
};
ShmLayout shm_layout(size_t mask_size);

// One mapping of a worker's shared memory.
class ShmView {
 public:
  ShmView() = default;
  ShmView(uint8_t* base, size_t mask_size) : base_(base), layout_(shm_layout(mask_size)) {}

  ShmHeader& header() const { return *reinterpret_cast<ShmHeader*>(base_); }
  char* report() const { return reinterpret_cast<char*>(base_ + layout_.report); }
  uint8_t* keep() const { return base_ + layout_.keep; }
  uint8_t* snap() const { return base_ + layout_.snap; }
  uint8_t* original() const { return base_ + layout_.original; }
  uint8_t* current() const { return base_ + layout_.current; }
  size_t mask_size() const { return layout_.snap - layout_.keep; }
  size_t total() const { return layout_.total; }
  bool valid() const { return base_ != nullptr; }

 private:
  uint8_t* base_ = nullptr;
  ShmLayout layout_;
};

// Creates a memfd of shm_layout(mask_size).total bytes and maps it; writes
// the magic and mask size. Returns the fd and fills the view.
Expected<int> create_shm(size_t mask_size, ShmView& view);
// Maps an inherited fd (worker side); checks magic and mask size.
Status map_shm(int fd, size_t mask_size, ShmView& view);

// The shared coverage mask: one memfd for all workers, the coordinator maps
// it read-write, workers read-only (kMaskFd). Returns the fd.
Expected<int> create_mask(size_t size, uint8_t** mask);
Status map_mask(int fd, size_t size, const uint8_t** mask);

}  // namespace cxxtest::runtime::engine
