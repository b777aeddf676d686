// engine/shared/coverage.h: the SanitizerCoverage 8-bit counters and the coverage
// mask built from them.
//
// Counters. Code compiled with -fsanitize-coverage=inline-8bit-counters
// bumps one byte per edge. Every instrumented module registers its counter
// section through __sanitizer_cov_8bit_counters_init (cov_hooks.cpp) before
// main; registered() lists those regions. A binary without instrumentation
// has none, and mask_size() is 0.
//
// Mask index space. Region r covers the 8-byte-aligned span around its
// counters, [begin & ~7, (end + 7) & ~7), and owns that many bytes of the
// mask starting at `base` (a multiple of 8), so counter word and mask word
// line up: the counter at address p has mask index base + (p - aligned
// begin). Bytes of the span outside [begin, end) are never set. The same
// binary registers the same regions in the same order in every process, so
// coordinator and workers agree on every index.
//
// Buckets. After an input runs, each counter is rounded down to a power of
// two (0 stays 0): 1, 2-3, 4-7, ..., 128-255 each set one bit. A snapshot is
// the bucketed counters in mask index space; the mask is the OR of accepted
// snapshots; an input is interesting when its snapshot has a bit the mask
// lacks.
//
// Cost. Scans read the counters a word at a time and skip 64-byte blocks of
// zeros; they clear what they read, so counters are zero between inputs and
// nothing else has to be cleared. Only the registered regions are touched.
// collect_new tests a non-zero block against the mask 16 bytes at a time
// without bucketing (coverage.cpp) and buckets only a block with news.
//
// Stack depth. Code compiled with -fsanitize-coverage=stack-depth stores,
// on entry to each non-leaf function, the lowest frame address so far in
// the thread-local __sancov_lowest_stack. After each input the worker turns
// the depth the input reached below its start into one of kDepthSteps
// pseudo-counters (depth_step: eight steps per doubling), which form one
// more region, registered after the modules' in every process (the last
// region, at depth_base()). A depth never reached before is then new
// coverage like a new edge: libFuzzer's stack-depth feature, which leads a
// recursive parser to deeper nesting (and its stack overflows), and gives
// inputs that only grow the recursion a place in the corpus.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cxxtest::runtime::engine {

struct CounterRegion {
  uint8_t* begin = nullptr;  // first counter
  uint8_t* end = nullptr;    // one past the last counter
  size_t base = 0;           // mask index of (begin & ~7); a multiple of 8
  // The module's pc table (-fsanitize-coverage=pc-table): one (pc, flags)
  // pair per counter, in counter order; null until registered. For naming
  // counters by source location (stability reports).
  const uintptr_t* pcs = nullptr;
};

inline constexpr size_t kMaxRegions = 64;

// The regions registered in this process, the stack-depth region last when
// any module registered counters. The first call (after main started, when
// every module has registered) adds that region; a module registering
// later goes after it.
std::span<const CounterRegion> registered();
// Bytes of mask the registered regions need (a multiple of 8).
size_t mask_size();

// The stack-depth pseudo-counters (above): their count, the mask index of
// the first (SIZE_MAX when there are none: no counters), and the step of a
// depth of `bytes` below the input's start (0 for none).
inline constexpr size_t kDepthSteps = 256;
size_t depth_base();
size_t depth_step(uintptr_t bytes);
// Sets the pseudo-counter of depth `bytes` (the worker, after an input).
void note_depth(uintptr_t bytes);
// Records a region (called by the sanitizer hook). Duplicate begins, empty
// ranges and regions past kMaxRegions are ignored.
void register_region(uint8_t* begin, uint8_t* end);
// Attaches a pc table to the region registered just before it (each module
// constructor calls the counter hook, then the pc hook) when its length
// matches that region's counter count.
void register_pcs(const uintptr_t* begin, const uintptr_t* end);

// Layout of `regions` for tests: sets every base, returns the mask size.
size_t assign_bases(std::span<CounterRegion> regions);

// The bucket of one counter value: 0, or its highest set bit.
constexpr uint8_t bucket(uint8_t c) {
  if (c == 0) return 0;
  uint8_t b = 1;
  while (c >>= 1) b = static_cast<uint8_t>(b << 1);
  return b;
}
// bucket() of each byte of w.
uint64_t bucket_word(uint64_t w);

// Zeroes every counter of the regions.
void clear_counters(std::span<const CounterRegion> regions);

// After an input ran: buckets and clears all counters. Returns whether some
// bucketed word has a bit that `mask` (mask index space, mask_size bytes;
// read with relaxed loads, another process may be adding bits) lacks. If so
// `snap` (same size) is zeroed, then every such word is stored there: snap
// holds at least all new bits, maybe some known ones, nothing else.
bool collect_new(std::span<const CounterRegion> regions, const uint8_t* mask, uint8_t* snap);

// After an input ran: writes its whole bucketed snapshot to `snap` (every
// byte of it) and clears the counters.
void collect_all(std::span<const CounterRegion> regions, uint8_t* snap, size_t snap_size);

// One mask word that must keep its bits (minimizing an interesting input).
struct KeepWord {
  uint32_t index;  // word index: mask byte index / 8
  uint64_t bits;
};
// The non-zero words of keep (size bytes, a multiple of 8).
std::vector<KeepWord> keep_words(const uint8_t* keep, size_t size);
// Whether snap has every bit of keep.
bool has_all(const uint8_t* snap, std::span<const KeepWord> keep);

// A keep word located in this process's counters: the aligned counter word
// at `at` must, bucketed, hold `bits` (an input kept a corpus entry's own
// features, before the counters are scanned and cleared).
struct CounterWord {
  const uint8_t* at;
  uint64_t bits;
};
// keep's words in `regions`' counters; empty if one lies outside them all.
std::vector<CounterWord> counter_words(std::span<const CounterRegion> regions,
                                       std::span<const KeepWord> keep);
// Whether the counters hold every bit of `words` (non-empty), bucketed.
bool counters_have_all(std::span<const CounterWord> words);

// Mask maintenance (coordinator). `size` is a multiple of 8.
// Writes snap & ~mask to new_bits (may be null) and returns its bit count.
size_t new_bits(const uint8_t* mask, const uint8_t* snap, uint8_t* new_bits, size_t size);
// mask |= snap, with relaxed word stores (workers read it concurrently).
void merge(uint8_t* mask, const uint8_t* snap, size_t size);
// Bits set in a mask or snapshot.
size_t count_bits(const uint8_t* bytes, size_t size);

}  // namespace cxxtest::runtime::engine
