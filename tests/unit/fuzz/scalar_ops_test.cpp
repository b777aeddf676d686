// scalar_ops_test.cpp: integer, float, bool and char32_t mutations (fuzz/scalar_ops.h).
#include "scripted_random.h"

#include "fuzz/mutator.h"
#include "fuzz/scalar_ops.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

using cxxtest::Kind;
using cxxtest::Value;
using namespace cxxtest::fuzz;

namespace {

// One mutate_scalar of v with scripted draws, all of which must be used.
Value mutated(Value v, std::initializer_list<uint64_t> draws,
              const std::vector<uint64_t>* int_dict = nullptr) {
  BasicMutator<ScriptedRandom> m(draws, 100);
  m.set_int_dictionary(int_dict);
  m.mutate_scalar(v);
  CHECK(m.rng().remaining() == 0);
  return v;
}

constexpr Kind kIntegerKinds[] = {Kind::Char,  Kind::Int8,   Kind::Int16,  Kind::Int32,  Kind::Int64,
                                  Kind::Uint8, Kind::Uint16, Kind::Uint32, Kind::Uint64, Kind::Char32};

// Pcg32 that records whether a float op picked a special value.
struct SpecialSpy {
  Pcg32 rng{42, 7};
  bool special = false;
  uint32_t next32() { return rng.next32(); }
  uint64_t next64() { return rng.next64(); }
  bool coin() { return rng.coin(); }
  uint32_t below(uint32_t n) {
    uint32_t v = rng.below(n);
    if (n == 17 && v == 16) special = true;
    return v;
  }
};

}  // namespace

TEST_CASE("Integers: add or subtract 1..100 by Go's rule [op, add?, d]") {
  CHECK(mutated(Value::of(5), {0, 1, 9}) == Value::of(15));
  CHECK(mutated(Value::of(5), {11, 0, 99}) == Value::of(-95));
  CHECK(mutated(Value::of(uint16_t{7}), {3, 0, 6}) == Value::of(uint16_t{0}));
}

TEST_CASE("Integers: clamping at the ends of every kind") {
  // Signed: at max, adding is impossible and the direction is drawn again.
  CHECK(mutated(Value::of(int8_t{127}), {0, 1, 0, 0}) == Value::of(int8_t{126}));
  CHECK(mutated(Value::of(int8_t{120}), {0, 1, 6}) == Value::of(int8_t{127}));
  CHECK_THROWS(mutated(Value::of(int8_t{120}), {0, 1, 7}));  // below(7)
  // Signed: never the exact minimum; at -max, subtracting is impossible.
  CHECK(mutated(Value::of(int8_t{-120}), {0, 0, 6}) == Value::of(int8_t{-127}));
  CHECK(mutated(Value::of(int8_t{-127}), {0, 0, 1, 0}) == Value::of(int8_t{-126}));
  CHECK(mutated(Value::of(int8_t{-128}), {0, 0, 1, 0}) == Value::of(int8_t{-127}));
  CHECK(mutated(Value::of(int16_t{-32700}), {0, 0, 66}) == Value::of(int16_t{-32767}));
  CHECK(mutated(Value::of(int32_t{2147483600}), {0, 1, 46}) == Value::of(int32_t{2147483647}));
  CHECK(mutated(Value::of(int64_t{INT64_MAX}), {0, 1, 0, 99}) == Value::of(int64_t{INT64_MAX - 100}));
  CHECK(mutated(Value::of(int64_t{INT64_MIN}), {0, 0, 1, 0}) == Value::of(int64_t{INT64_MIN + 1}));
  // Unsigned: never below 0, never above max.
  CHECK(mutated(Value::of(uint8_t{0}), {0, 0, 1, 0}) == Value::of(uint8_t{1}));
  CHECK(mutated(Value::of(uint8_t{3}), {0, 0, 2}) == Value::of(uint8_t{0}));
  CHECK(mutated(Value::of(uint8_t{250}), {0, 1, 4}) == Value::of(uint8_t{255}));
  CHECK(mutated(Value::of(uint32_t{UINT32_MAX}), {0, 1, 0, 0}) == Value::of(uint32_t{UINT32_MAX - 1}));
  CHECK(mutated(Value::of(uint64_t{UINT64_MAX}), {0, 1, 1, 0, 0}) == Value::of(uint64_t{UINT64_MAX - 1}));
  CHECK(mutated(Value::of('a'), {0, 1, 1}) == Value::of('c'));
  CHECK(mutated(Value::of(static_cast<char>(0xFF)), {0, 1, 0, 0}) == Value::of(static_cast<char>(0xFE)));
}

TEST_CASE("Integers: random walks stay in range for every kind") {
  Pcg32 r(3, 3);
  for (Kind k : kIntegerKinds) {
    CAPTURE(cxxtest::kind_name(k));
    const uint64_t max = ops::kind_max(k);
    const bool is_signed = cxxtest::is_signed_kind(k);
    std::vector<uint64_t> starts = {0, max, max - 1, 1};
    if (is_signed) starts.insert(starts.end(), {0 - max, 1 - max, 0 - max - 1});
    for (uint64_t start : starts) {
      uint64_t v = ops::normalize(k, start);
      for (int step = 0; step < 2000; ++step) {
        v = ops::add_sub_kind(r, k, v);
        REQUIRE(ops::normalize(k, v) == v);
        if (is_signed) {
          REQUIRE(static_cast<int64_t>(v) <= static_cast<int64_t>(max));
          REQUIRE(static_cast<int64_t>(v) >= -static_cast<int64_t>(max));
        } else {
          REQUIRE(v <= max);
        }
        if (k == Kind::Char32) REQUIRE_FALSE(ops::is_surrogate(v));
      }
    }
  }
}

TEST_CASE("char32_t steps over the surrogates and stays a code point") {
  CHECK(mutated(Value::of(char32_t{0xD7FF}), {0, 1, 0}) == Value::of(char32_t{0xE000}));
  CHECK(mutated(Value::of(char32_t{0xE000}), {0, 0, 0}) == Value::of(char32_t{0xD7FF}));
  CHECK(mutated(Value::of(char32_t{0x10FFFF}), {0, 1, 0, 0}) == Value::of(char32_t{0x10FFFE}));
  CHECK(mutated(Value::of(char32_t{0x10FFFF}), {12, 0}) == Value::of(char32_t{0x10FFFE}));
  CHECK(mutated(Value::of(char32_t{0x0FFFFF}), {12, 20}) == Value::of(char32_t{0x0FFFFF}));
  CHECK(mutated(Value::of(char32_t{0xCFFF}), {12, 12}) == Value::of(char32_t{0xD7FF}));
  // AddSub brings an invalid code point back into range.
  CHECK(mutated(Value::of(char32_t{0x110000}), {0, 0, 0}) == Value::of(char32_t{0x10FFFE}));
  Pcg32 r(11, 2);
  int invalid = 0;
  Value v = Value::of(char32_t{'a'});
  for (int i = 0; i < 10000; ++i) {
    ops::mutate_integer(r, v, nullptr);
    invalid += v.bits > ops::kMaxRune || ops::is_surrogate(v.bits);
  }
  CHECK(invalid < 1000);  // only Interesting picks the 3 invalid values
}

TEST_CASE("Integers: bit flips, interesting values and the dictionary") {
  CHECK(mutated(Value::of(int8_t{0}), {12, 7}) == Value::of(int8_t{-128}));
  CHECK(mutated(Value::of(uint64_t{1}), {13, 63}) == Value::of(uint64_t{0x8000000000000001}));
  CHECK(mutated(Value::of(uint16_t{1}), {14, 0}) == Value::of(uint16_t{0xFF80}));
  CHECK(mutated(Value::of(int8_t{1}), {15, 11}) == Value::of(int8_t{-128}));
  CHECK(mutated(Value::of(int64_t{1}), {14, 27}) == Value::of(int64_t{INT64_MIN}));
  CHECK(mutated(Value::of(char32_t{'a'}), {14, 8}) == Value::of(char32_t{0x10FFFF}));
  CHECK_THROWS(mutated(Value::of(1), {16}));  // no dictionary: below(16)
  const std::vector<uint64_t> dict = {0x1234, 7};
  CHECK(mutated(Value::of(uint8_t{1}), {16, 0}, &dict) == Value::of(uint8_t{0x34}));
  CHECK(mutated(Value::of(1), {16, 1}, &dict) == Value::of(7));
}

TEST_CASE("Floats: Go's four ops [op, operand] and special values") {
  CHECK(mutated(Value::of(1.5), {0, 9}) == Value::of(11.5));
  CHECK(mutated(Value::of(1.5), {5, 9}) == Value::of(-8.5));
  CHECK(mutated(Value::of(1.5), {2, 3}) == Value::of(6.0));
  CHECK(mutated(Value::of(1.5), {15, 1}) == Value::of(0.75));
  CHECK(mutated(Value::of(0.0), {2, 0, 0}) == Value::of(1.0));  // x*0 is drawn again
  CHECK(mutated(Value::of(1.0f), {4, 0}) == Value::of(2.0f));
  CHECK(std::isinf(mutated(Value::of(1.0), {16, 2}).scalar<double>()));
  CHECK(std::signbit(mutated(Value::of(1.0f), {16, 1}).scalar<float>()));
  CHECK(std::isnan(mutated(Value::of(1.0f), {16, 4}).scalar<float>()));
}

TEST_CASE("Floats: results are clamped to +-max") {
  constexpr float fmax = std::numeric_limits<float>::max();
  constexpr double dmax = std::numeric_limits<double>::max();
  CHECK(mutated(Value::of(fmax), {2, 9}) == Value::of(fmax));
  CHECK(mutated(Value::of(-fmax), {2, 9}) == Value::of(-fmax));
  CHECK(mutated(Value::of(dmax), {2, 9}) == Value::of(dmax));
  CHECK(mutated(Value::of(std::numeric_limits<double>::infinity()), {0, 0}) == Value::of(dmax));
}

TEST_CASE("Floats stay finite unless a special value is chosen") {
  for (double start : {0.0, 1.0, -3.25, 1e300, -1e300, 3e38, 5e-324}) {
    SpecialSpy spy;
    double d = start;
    float f = static_cast<float>(start);
    for (int i = 0; i < 5000; ++i) {
      spy.special = false;
      double nd = ops::mutate_float_value<double>(spy, d);
      if (!spy.special) REQUIRE(std::isfinite(nd));
      spy.special = false;
      float nf = ops::mutate_float_value<float>(spy, f);
      if (!spy.special) REQUIRE(std::isfinite(nf));
      if (std::isfinite(nd)) d = nd;
      if (std::isfinite(nf)) f = nf;
    }
  }
}

TEST_CASE("Bool flips without drawing") {
  CHECK(mutated(Value::of(true), {}) == Value::of(false));
  CHECK(mutated(Value::of(false), {}) == Value::of(true));
}
