// engine/coverage.cpp: counter regions, bucketing and mask arithmetic (see
// coverage.h). Every scan visits a region as: a partial head word, whole
// words (in blocks of eight, skipping all-zero blocks), a partial tail word.
#include "engine/coverage.h"

#include <bit>
#include <cstring>

namespace cxxtest::runtime::engine {
namespace {

// Constant-initialized, so modules may register before any constructor ran.
CounterRegion g_regions[kMaxRegions];
size_t g_count = 0;
size_t g_mask_size = 0;

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

// Bytes [lo, hi) (inside one aligned word at `word`) as that word, cleared.
template <class F>
void partial_word(uint8_t* word, uint8_t* lo, uint8_t* hi, size_t index, F& f) {
  uint64_t w = 0;
  for (uint8_t* p = lo; p < hi; ++p) w |= uint64_t{*p} << (8 * (p - word));
  if (w == 0) return;
  std::memset(lo, 0, size_t(hi - lo));
  f(w, index);
}

// Calls f(counter word, mask byte index) for every non-zero word of r and
// clears it.
template <class F>
[[gnu::always_inline]] inline void scan_region(const CounterRegion& r, F&& f) {
  auto* ab = reinterpret_cast<uint8_t*>(align_down(r.begin));
  auto* fb = reinterpret_cast<uint8_t*>(align_up(r.begin));
  auto* fe = reinterpret_cast<uint8_t*>(align_down(r.end));
  if (fb > fe) return partial_word(ab, r.begin, r.end, r.base, f);  // inside one word
  if (r.begin != fb) partial_word(ab, r.begin, fb, r.base, f);
  size_t index = r.base + size_t(fb - ab);
  size_t n = size_t(fe - fb) / 8, i = 0;
  auto word = [&](size_t j) {
    uint64_t w = load(fb + 8 * j);
    if (w == 0) return;
    store(fb + 8 * j, 0);
    f(w, index + 8 * j);
  };
  for (; i + 8 <= n; i += 8) {
    uint64_t any = 0;
    for (size_t k = 0; k < 8; ++k) any |= load(fb + 8 * (i + k));
    if (any == 0) continue;
    for (size_t k = 0; k < 8; ++k) word(i + k);
  }
  for (; i < n; ++i) word(i);
  if (fe != r.end) partial_word(fe, fe, r.end, index + 8 * n, f);
}

}  // namespace

std::span<const CounterRegion> registered() { return {g_regions, g_count}; }
size_t mask_size() { return g_mask_size; }

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
  for (const CounterRegion& r : regions) std::memset(r.begin, 0, size_t(r.end - r.begin));
}

bool collect_new(std::span<const CounterRegion> regions, const uint8_t* mask, uint8_t* snap) {
  bool found = false;
  for (const CounterRegion& r : regions) {
    scan_region(r, [&](uint64_t w, size_t index) {
      uint64_t b = bucket_bytes(w);
      if ((b & ~load_relaxed(mask + index)) == 0) return;
      if (!found) std::memset(snap, 0, size_of(regions));
      found = true;
      store(snap + index, b);
    });
  }
  return found;
}

void collect_all(std::span<const CounterRegion> regions, uint8_t* snap, size_t snap_size) {
  std::memset(snap, 0, snap_size);
  for (const CounterRegion& r : regions)
    scan_region(r, [&](uint64_t w, size_t index) { store(snap + index, bucket_bytes(w)); });
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
