// coverage_test.cpp: bucketing, scanning fake counter regions, and the mask
// arithmetic of the coordinator (engine/shared/coverage.h).
#include "engine/shared/coverage.h"

#include <doctest/doctest.h>

#include <cstring>
#include <vector>

using namespace cxxtest::runtime::engine;

namespace {

// Counters at a chosen misalignment inside an aligned buffer, as a region.
struct FakeCounters {
  alignas(8) uint8_t buf[256] = {};
  CounterRegion region;
  FakeCounters(size_t offset, size_t n) { region = CounterRegion{buf + offset, buf + offset + n, 0}; }
  uint8_t& at(size_t i) { return region.begin[i]; }
};

// The mask byte of counter i (mask index space).
size_t mask_index(const CounterRegion& r, size_t i) {
  return r.base + size_t(reinterpret_cast<uintptr_t>(r.begin) & 7) + i;
}

}  // namespace

TEST_CASE("Counters round down to a power of two: one bit per bucket") {
  CHECK(bucket(0) == 0);
  CHECK(bucket(1) == 1);
  CHECK(bucket(2) == 2);
  CHECK(bucket(3) == 2);
  CHECK(bucket(4) == 4);
  CHECK(bucket(7) == 4);
  CHECK(bucket(8) == 8);
  CHECK(bucket(15) == 8);
  CHECK(bucket(16) == 16);
  CHECK(bucket(63) == 32);
  CHECK(bucket(64) == 64);
  CHECK(bucket(127) == 64);
  CHECK(bucket(128) == 128);
  CHECK(bucket(255) == 128);
  CHECK(bucket_word(0x0102'0304'0506'07ffULL) == 0x0102'0204'0404'0480ULL);
  for (int pos = 0; pos < 8; ++pos) {
    for (unsigned c = 0; c < 256; ++c) {
      uint64_t w = (uint64_t{c} << (8 * pos)) | (pos == 3 ? 0 : 0x0000'0000'ff00'0000ULL);
      uint64_t want = (uint64_t{bucket(uint8_t(c))} << (8 * pos)) | (pos == 3 ? 0 : 0x0000'0000'8000'0000ULL);
      REQUIRE(bucket_word(w) == want);
    }
  }
}

TEST_CASE("Regions own 8-byte-aligned spans of the mask, laid out in order") {
  FakeCounters a(3, 10), b(8, 16), c(1, 2);
  std::vector<CounterRegion> regions = {a.region, b.region, c.region};
  size_t size = assign_bases(regions);
  CHECK(regions[0].base == 0);
  CHECK(regions[1].base == 16);  // [0,16) covers bytes 3..12 of a's buffer
  CHECK(regions[2].base == 32);
  CHECK(size == 40);
}

TEST_CASE("collect_new reports words with bits the mask lacks, and clears every counter") {
  for (size_t offset : {0, 1, 5, 7}) {
    for (size_t n : {1, 3, 8, 9, 64, 77, 130}) {
      CAPTURE(offset);
      CAPTURE(n);
      FakeCounters fc(offset, n);
      std::vector<CounterRegion> regions = {fc.region};
      size_t size = assign_bases(regions);
      std::vector<uint8_t> mask(size), snap(size, 0xee);
      fc.at(0) = 3;
      fc.at(n - 1) += 1;
      REQUIRE(collect_new(regions, mask.data(), snap.data()));
      CHECK(snap[mask_index(regions[0], 0)] == (n == 1 ? 4 : 2));
      CHECK(snap[mask_index(regions[0], n - 1)] == (n == 1 ? 4 : 1));
      for (size_t i = 0; i < n; ++i) CHECK(fc.at(i) == 0);
      // Known bits are not new; the same hits again report nothing.
      merge(mask.data(), snap.data(), size);
      fc.at(0) = n == 1 ? 4 : 2;
      if (n > 1) fc.at(n - 1) = 1;
      CHECK_FALSE(collect_new(regions, mask.data(), snap.data()));
      for (size_t i = 0; i < n; ++i) CHECK(fc.at(i) == 0);
    }
  }
}

TEST_CASE("Bytes next to a region are neither read into the snapshot nor cleared") {
  FakeCounters fc(3, 4);  // counters are buf[3..6]
  fc.buf[2] = 0x55;
  fc.buf[7] = 0x66;
  fc.at(1) = 9;
  std::vector<CounterRegion> regions = {fc.region};
  size_t size = assign_bases(regions);
  std::vector<uint8_t> snap(size);
  collect_all(regions, snap.data(), size);
  CHECK(snap[4] == 8);
  CHECK(snap[2] == 0);
  CHECK(snap[7] == 0);
  CHECK(fc.buf[2] == 0x55);
  CHECK(fc.buf[7] == 0x66);
  CHECK(fc.at(1) == 0);
}

TEST_CASE("A new bucket of a known counter is new coverage") {
  FakeCounters fc(0, 16);
  std::vector<CounterRegion> regions = {fc.region};
  size_t size = assign_bases(regions);
  std::vector<uint8_t> mask(size), snap(size);
  fc.at(5) = 1;
  REQUIRE(collect_new(regions, mask.data(), snap.data()));
  merge(mask.data(), snap.data(), size);
  fc.at(5) = 5;  // bucket 4: not seen yet
  REQUIRE(collect_new(regions, mask.data(), snap.data()));
  CHECK(new_bits(mask.data(), snap.data(), nullptr, size) == 1);
}

TEST_CASE("keep words: has_all needs every kept bit") {
  std::vector<uint8_t> keep(24), snap(24);
  keep[3] = 0x06;
  keep[17] = 0x80;
  std::vector<KeepWord> words = keep_words(keep.data(), keep.size());
  REQUIRE(words.size() == 2);
  CHECK(words[0].index == 0);
  CHECK(words[1].index == 2);
  snap[3] = 0x07;
  CHECK_FALSE(has_all(snap.data(), words));
  snap[17] = 0x81;
  CHECK(has_all(snap.data(), words));
  snap[3] = 0x04;
  CHECK_FALSE(has_all(snap.data(), words));
}

TEST_CASE("new_bits, merge and count_bits") {
  std::vector<uint8_t> mask(16), snap(16), fresh(16);
  mask[0] = 0x0f;
  snap[0] = 0x3c;
  snap[9] = 0x01;
  CHECK(new_bits(mask.data(), snap.data(), fresh.data(), 16) == 3);
  CHECK(fresh[0] == 0x30);
  CHECK(fresh[9] == 0x01);
  merge(mask.data(), snap.data(), 16);
  CHECK(mask[0] == 0x3f);
  CHECK(count_bits(mask.data(), 16) == 7);
  CHECK(new_bits(mask.data(), snap.data(), nullptr, 16) == 0);
}

// collect_new decides "new" without bucketing (a byte compare, coverage.cpp);
// this checks that shortcut against bucket() for every counter value and
// mask byte, in each place a counter can sit: a block of whole words, a
// whole word after the blocks, and a partial word at either end.
TEST_CASE("collect_new finds exactly the buckets the mask lacks, for every counter and mask byte") {
  struct Place {
    size_t offset, n, counter;
  };
  for (Place p : {Place{0, 64, 17}, Place{0, 72, 68}, Place{5, 80, 0}, Place{0, 77, 76}}) {
    CAPTURE(p.offset);
    CAPTURE(p.counter);
    FakeCounters fc(p.offset, p.n);
    std::vector<CounterRegion> regions = {fc.region};
    size_t size = assign_bases(regions);
    std::vector<uint8_t> mask(size), snap(size);
    size_t index = mask_index(regions[0], p.counter);
    for (unsigned m = 0; m < 256; ++m) {
      std::fill(mask.begin(), mask.end(), uint8_t(m));
      for (unsigned c = 1; c < 256; ++c) {
        fc.at(p.counter) = uint8_t(c);
        bool want = (bucket(uint8_t(c)) & ~m) != 0;
        if (collect_new(regions, mask.data(), snap.data()) != want) {
          FAIL_CHECK("counter " << c << " mask " << m << ": expected new=" << want);
          continue;
        }
        if (want) REQUIRE(snap[index] == bucket(uint8_t(c)));
        REQUIRE(fc.at(p.counter) == 0);
      }
    }
  }
}

TEST_CASE(
    "counter_words finds keep words in the counters; counters_have_all checks their buckets unscanned") {
  FakeCounters a(3, 10), b(1, 20);  // b's counters sit at mask indices 17..36
  std::vector<CounterRegion> regions = {a.region, b.region};
  size_t size = assign_bases(regions);
  std::vector<uint8_t> keep(size);
  keep[mask_index(regions[1], 2)] = 4;  // b's counter 2 must be in the 4-7 bucket
  keep[mask_index(regions[0], 0)] = 1;  // a's counter 0 must be exactly 1
  std::vector<CounterWord> words = counter_words(regions, keep_words(keep.data(), size));
  REQUIRE(words.size() == 2);
  CHECK_FALSE(counters_have_all(words));
  a.at(0) = 1;
  b.at(2) = 6;
  b.buf[0] = 0xff;  // a byte beside b's counters, in the same word: ignored
  CHECK(counters_have_all(words));
  CHECK(b.at(2) == 6);  // read, not cleared
  b.at(2) = 8;          // another bucket
  CHECK_FALSE(counters_have_all(words));
  CHECK_FALSE(counters_have_all({}));  // nothing to keep is no reduction
  std::vector<KeepWord> outside = {{uint32_t(size / 8 + 1), 1}};
  CHECK(counter_words(regions, outside).empty());
}

TEST_CASE("Stack depth steps: eight per doubling, never decreasing, capped") {
  CHECK(depth_step(0) == 0);
  CHECK(depth_step(15) == 0);
  CHECK(depth_step(16) == 1);
  CHECK(depth_step(16 * 7) == 7);
  CHECK(depth_step(16 * 8) == 8);
  // Past the first eight, each doubling of the depth is eight more steps.
  for (uintptr_t bytes = 16 * 8; bytes < (uintptr_t{1} << 24); bytes *= 2)
    CHECK(depth_step(2 * bytes) == depth_step(bytes) + 8);
  size_t last = 0;
  for (uintptr_t bytes = 0; bytes < (uintptr_t{1} << 20); bytes += 16) {
    size_t step = depth_step(bytes);
    CHECK(step >= last);
    CHECK(step <= last + 1);  // no step is skipped
    last = step;
  }
  CHECK(depth_step(UINTPTR_MAX) == kDepthSteps - 1);
}

TEST_CASE("Without instrumented counters there is no stack-depth region") {
  // This test program is not compiled with SanitizerCoverage.
  CHECK(registered().empty());
  CHECK(mask_size() == 0);
  CHECK(depth_base() == SIZE_MAX);
}
