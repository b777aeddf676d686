// engine/shared/coverage.cpp: counter regions, bucketing and mask arithmetic (see
// coverage.h). Every scan visits a region as: a partial head word, whole
// words (in blocks of eight, skipping all-zero blocks), a partial tail word.
#include "engine/shared/coverage.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace cxxtest::runtime::engine {
namespace {

// Constant-initialized, so modules may register before any constructor ran.
CounterRegion g_regions[kMaxRegions];
size_t g_count = 0;
size_t g_mask_size = 0;
alignas(64) uint8_t g_depth[kDepthSteps];
size_t g_depth_base = SIZE_MAX;
// The steps note_depth set since the depth region was last visited
// (for_each_live), kNoted + 1 entries when more than kNoted: an input sets
// one, a leak check's second run maybe one more.
constexpr size_t kNoted = 4;
size_t g_noted[kNoted];
size_t g_noted_count = 0;

// bucket() of every byte at once: smear each byte's highest set bit down
// over the bits below it (masks keep the shifts inside the byte), then keep
// only that highest bit.
[[gnu::always_inline]] inline uint64_t bucket_bytes(uint64_t x) {
  x |= (x >> 1) & 0x7f7f7f7f7f7f7f7fULL;
  x |= (x >> 2) & 0x3f3f3f3f3f3f3f3fULL;
  x |= (x >> 4) & 0x0f0f0f0f0f0f0f0fULL;
  return x & ~((x >> 1) & 0x7f7f7f7f7f7f7f7fULL);
}

inline uint64_t load(const uint8_t* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
inline void store(uint8_t* p, uint64_t w) { std::memcpy(p, &w, 8); }
inline uint64_t load_relaxed(const uint8_t* p) {
  return __atomic_load_n(reinterpret_cast<const uint64_t*>(p), __ATOMIC_RELAXED);
}

uintptr_t align_down(const uint8_t* p) { return reinterpret_cast<uintptr_t>(p) & ~uintptr_t{7}; }
uintptr_t align_up(const uint8_t* p) { return (reinterpret_cast<uintptr_t>(p) + 7) & ~uintptr_t{7}; }
size_t span_of(const CounterRegion& r) { return align_up(r.end) - align_down(r.begin); }

size_t size_of(std::span<const CounterRegion> regions) {
  size_t n = 0;
  for (const CounterRegion& r : regions) n = std::max(n, r.base + span_of(r));
  return n;
}

// The aligned word holding bytes [lo, hi) of a region, with every other
// byte masked off; the set ones among those bytes are cleared. Reading the
// whole word is safe: an aligned word never straddles a page.
uint64_t take_partial_word(uint8_t* lo, uint8_t* hi) {
  static_assert(std::endian::native == std::endian::little);
  uintptr_t word = align_down(lo);
  unsigned from = unsigned(reinterpret_cast<uintptr_t>(lo) - word);
  unsigned to = unsigned(reinterpret_cast<uintptr_t>(hi) - word);
  uint64_t keep =
      (to == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * to)) - 1) & ~((uint64_t{1} << (8 * from)) - 1);
  uint64_t w = __atomic_load_n(reinterpret_cast<const uint64_t*>(word), __ATOMIC_RELAXED) & keep;
  if (w == 0) return 0;
  for (unsigned k = from; k < to; ++k)  // not memset: a call costs more than these few bytes
    if ((w >> (8 * k)) & 0xff) lo[k - from] = 0;
  return w;
}

// 8 and 16 counter or mask bytes as vectors (GCC/Clang vector extensions:
// SSE2 on x86-64, NEON on arm64).
typedef uint8_t Bytes8 __attribute__((vector_size(8)));
typedef uint8_t Bytes16 __attribute__((vector_size(16)));

template <class V>
inline V load_vector(const uint8_t* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Which counter bytes have a bucket their mask byte lacks, without
// bucketing: the bucket of c is its highest bit, and that bit is missing
// from m exactly when (c & ~m) > (c >> 1), one byte compare. Non-zero
// bytes of the result mark them.
template <class V>
inline V new_buckets(V c, V m) {
  return (V)((c & ~m) > (c >> 1));
}

// Filters for scan_region: which non-zero blocks (64 bytes of whole words)
// and words are visited. Every one, for a full snapshot.
struct EveryWord {
  bool block(const uint8_t*, size_t) const { return true; }
  bool word(uint64_t, size_t) const { return true; }
};

// Only those with a bucket the mask lacks.
struct NewInMask {
  const uint8_t* mask;
  bool block(const uint8_t* counters, size_t index) const {
    Bytes16 any = {};
    for (int k = 0; k < 64; k += 16)
      any |= new_buckets(load_vector<Bytes16>(counters + k), load_vector<Bytes16>(mask + index + k));
    uint64_t half[2];
    std::memcpy(half, &any, 16);
    return (half[0] | half[1]) != 0;
  }
  bool word(uint64_t w, size_t index) const {
    Bytes8 c, fresh;
    std::memcpy(&c, &w, 8);
    fresh = new_buckets(c, load_vector<Bytes8>(mask + index));
    uint64_t bits;
    std::memcpy(&bits, &fresh, 8);
    return bits != 0;
  }
};

// Calls visit(counter word, mask byte index) for every non-zero word of r
// that `filter` keeps, and clears r. Blocks of 64 bytes that are all zero
// are skipped; the others are checked as a whole first, and cleared whole.
template <class Filter, class Visit>
[[gnu::always_inline]] inline void scan_region(const CounterRegion& r, const Filter& filter, Visit&& visit) {
  auto one = [&](uint64_t w, size_t index) {
    if (w != 0 && filter.word(w, index)) visit(w, index);
  };
  auto* ab = reinterpret_cast<uint8_t*>(align_down(r.begin));
  auto* fb = reinterpret_cast<uint8_t*>(align_up(r.begin));
  auto* fe = reinterpret_cast<uint8_t*>(align_down(r.end));
  if (fb > fe) return one(take_partial_word(r.begin, r.end), r.base);  // inside one word
  if (r.begin != fb) one(take_partial_word(r.begin, fb), r.base);
  size_t index = r.base + size_t(fb - ab);
  size_t n = size_t(fe - fb) / 8, i = 0;
  for (; i + 8 <= n; i += 8) {
    uint8_t* block = fb + 8 * i;
    uint64_t any = 0;
    for (size_t k = 0; k < 8; ++k) any |= load(block + 8 * k);
    if (any == 0) continue;
    if (filter.block(block, index + 8 * i))
      for (size_t k = 0; k < 8; ++k) one(load(block + 8 * k), index + 8 * (i + k));
    std::memset(block, 0, 64);
  }
  for (; i < n; ++i) {
    uint64_t w = load(fb + 8 * i);
    if (w == 0) continue;
    store(fb + 8 * i, 0);
    one(w, index + 8 * i);
  }
  if (fe != r.end) one(take_partial_word(fe, r.end), index + 8 * n);
}

// Calls part(r) for what of `regions` a scan or clear must visit: every
// region whole, but of the stack-depth region only the bytes note_depth
// set since the last visit, through step(counter, its mask index); the
// visit forgets them. Scanning its 256 bytes after each input cost 2-4% of
// a trivial target's executions. Counters copied back into
// g_depth (Worker::rerun_for_leaks) were noted when first set, so none is
// missed. Without `step`, part gets each such byte as a region of its own.
template <class Part, class Step>
[[gnu::always_inline]] inline void for_each_live(std::span<const CounterRegion> regions, Part&& part,
                                                 Step&& step) {
  for (const CounterRegion& r : regions) {
    if (r.begin != g_depth) {
      part(r);
      continue;
    }
    if (g_noted_count > kNoted) part(r);  // past the list: the whole region
    else
      for (size_t i = 0; i < g_noted_count; ++i) step(g_depth + g_noted[i], r.base + g_noted[i]);
    g_noted_count = 0;
  }
}
template <class Part>
[[gnu::always_inline]] inline void for_each_live(std::span<const CounterRegion> regions, Part&& part) {
  for_each_live(regions, part, [&](uint8_t* counter, size_t index) {
    // g_depth is aligned: its word k is the mask's word base / 8 + k.
    part(CounterRegion{counter, counter + 1, index & ~size_t{7}, nullptr});
  });
}

// Adds the stack-depth region once, after the modules' (coverage.h).
void seal_regions() {
  static bool sealed = false;
  if (sealed) return;
  sealed = true;
  if (g_count == 0 || g_count == kMaxRegions) return;
  g_depth_base = g_mask_size;
  register_region(g_depth, g_depth + kDepthSteps);
}

}  // namespace

std::span<const CounterRegion> registered() {
  seal_regions();
  return {g_regions, g_count};
}
size_t mask_size() {
  seal_regions();
  return g_mask_size;
}

size_t depth_base() {
  seal_regions();
  return g_depth_base;
}

size_t depth_step(uintptr_t bytes) {
  uintptr_t d = bytes >> 4;  // frames are 16-byte aligned
  if (d < 8) return size_t(d);
  unsigned log = unsigned(std::bit_width(d)) - 1;  // >= 3
  size_t step = 8 * (log - 2) + ((d >> (log - 3)) & 7);
  return std::min(step, kDepthSteps - 1);
}

void note_depth(uintptr_t bytes) {
  if (bytes == 0) return;
  size_t step = depth_step(bytes);
  g_depth[step] = 1;
  if (g_noted_count > kNoted) return;  // past the list: the whole region is visited
  if (std::find(g_noted, g_noted + g_noted_count, step) != g_noted + g_noted_count) return;
  if (g_noted_count < kNoted) g_noted[g_noted_count] = step;
  ++g_noted_count;
}

void register_region(uint8_t* begin, uint8_t* end) {
  if (begin >= end || g_count == kMaxRegions) return;
  for (size_t i = 0; i < g_count; ++i)
    if (g_regions[i].begin == begin) return;
  CounterRegion& r = g_regions[g_count++];
  r = CounterRegion{begin, end, g_mask_size, nullptr};
  g_mask_size += span_of(r);
}

void register_pcs(const uintptr_t* begin, const uintptr_t* end) {
  if (g_count == 0 || begin >= end) return;
  CounterRegion& r = g_regions[g_count - 1];
  if (r.pcs == nullptr && size_t(end - begin) == 2 * size_t(r.end - r.begin)) r.pcs = begin;
}

size_t assign_bases(std::span<CounterRegion> regions) {
  size_t base = 0;
  for (CounterRegion& r : regions) {
    r.base = base;
    base += span_of(r);
  }
  return base;
}

uint64_t bucket_word(uint64_t w) { return bucket_bytes(w); }

void clear_counters(std::span<const CounterRegion> regions) {
  for_each_live(regions, [](const CounterRegion& r) { std::memset(r.begin, 0, size_t(r.end - r.begin)); });
}

bool collect_new(std::span<const CounterRegion> regions, const uint8_t* mask, uint8_t* snap) {
  bool found = false;
  auto fresh = [&](size_t index, uint64_t bits) {
    if (!found) std::memset(snap, 0, size_of(regions));
    found = true;
    store(snap + index, load(snap + index) | bits);  // or: depth steps share words
  };
  for_each_live(
      regions,
      [&](const CounterRegion& r) {
        scan_region(r, NewInMask{mask}, [&](uint64_t w, size_t index) { fresh(index, bucket_bytes(w)); });
      },
      [&](uint8_t* counter, size_t index) {
        uint8_t b = bucket(*counter);
        *counter = 0;
        if (b & ~__atomic_load_n(mask + index, __ATOMIC_RELAXED))
          fresh(index & ~size_t{7}, uint64_t{b} << (8 * (index & 7)));
      });
  return found;
}

void collect_all(std::span<const CounterRegion> regions, uint8_t* snap, size_t snap_size) {
  std::memset(snap, 0, snap_size);
  for_each_live(regions, [&](const CounterRegion& r) {
    scan_region(r, EveryWord{},
                [&](uint64_t w, size_t index) { store(snap + index, load(snap + index) | bucket_bytes(w)); });
  });
}

std::vector<KeepWord> keep_words(const uint8_t* keep, size_t size) {
  std::vector<KeepWord> out;
  for (size_t i = 0; i + 8 <= size; i += 8)
    if (uint64_t w = load(keep + i)) out.push_back({uint32_t(i / 8), w});
  return out;
}

bool has_all(const uint8_t* snap, std::span<const KeepWord> keep) {
  for (const KeepWord& k : keep)
    if ((load(snap + 8 * size_t{k.index}) & k.bits) != k.bits) return false;
  return true;
}

std::vector<CounterWord> counter_words(std::span<const CounterRegion> regions,
                                       std::span<const KeepWord> keep) {
  std::vector<CounterWord> out;
  for (const KeepWord& k : keep) {
    size_t index = 8 * size_t{k.index};
    const CounterRegion* in = nullptr;
    for (const CounterRegion& r : regions)
      if (index >= r.base && index < r.base + span_of(r)) in = &r;
    if (!in) return {};
    out.push_back({reinterpret_cast<const uint8_t*>(align_down(in->begin)) + (index - in->base), k.bits});
  }
  return out;
}

bool counters_have_all(std::span<const CounterWord> words) {
  for (const CounterWord& w : words)  // bytes beside a region's counters may be anything: `bits` masks them
    if ((bucket_word(load_relaxed(w.at)) & w.bits) != w.bits) return false;
  return !words.empty();
}

size_t new_bits(const uint8_t* mask, const uint8_t* snap, uint8_t* out, size_t size) {
  size_t n = 0;
  for (size_t i = 0; i + 8 <= size; i += 8) {
    uint64_t fresh = load(snap + i) & ~load_relaxed(mask + i);
    n += size_t(std::popcount(fresh));
    if (out) store(out + i, fresh);
  }
  return n;
}

void merge(uint8_t* mask, const uint8_t* snap, size_t size) {
  for (size_t i = 0; i + 8 <= size; i += 8) {
    uint64_t s = load(snap + i);
    if (s == 0) continue;
    auto* word = reinterpret_cast<uint64_t*>(mask + i);
    __atomic_store_n(word, __atomic_load_n(word, __ATOMIC_RELAXED) | s, __ATOMIC_RELAXED);
  }
}

size_t count_bits(const uint8_t* bytes, size_t size) {
  size_t n = 0;
  for (size_t i = 0; i + 8 <= size; i += 8) n += size_t(std::popcount(load(bytes + i)));
  return n;
}

}  // namespace cxxtest::runtime::engine
