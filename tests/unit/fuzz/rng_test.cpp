// rng_test.cpp: Pcg32, Lemire's bounded draw (fuzz/rng.h), and the tests'
// ScriptedRandom (scripted_random.h).
#include "fuzz/rng.h"
#include "scripted_random.h"

#include <doctest/doctest.h>

#include <array>
#include <stdexcept>
#include <string>

using namespace cxxtest::fuzz;

TEST_CASE("Pcg32 matches the PCG reference output (pcg32-demo, seed 42, stream 54)") {
  // pcg32_srandom_r(42, 54): state = 0, inc = 109; step; state += 42; step.
  const uint64_t inc = 109;
  uint64_t state = (0 * Pcg32::kMultiplier + inc + 42) * Pcg32::kMultiplier + inc;
  Pcg32 r(Pcg32::State{state, inc});
  const std::array<uint32_t, 6> want = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                        0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (uint32_t w : want) CHECK(r.next32() == w);
}

TEST_CASE("Pcg32 seeds as Go does and replays from a saved state") {
  Pcg32 a(1234, 5);
  uint64_t inc = 5 * 2 + 1;
  uint64_t state = (1234 * Pcg32::kMultiplier + inc + 1234) * Pcg32::kMultiplier + inc;
  CHECK(a.save() == Pcg32::State{state, inc});

  a.next64();
  Pcg32::State saved = a.save();
  std::array<uint32_t, 8> first{};
  for (auto& x : first) x = a.below(1000);
  a.restore(saved);
  for (uint32_t x : first) CHECK(a.below(1000) == x);
  Pcg32 b(saved);
  b.next32();
  CHECK(b.save() != saved);
}

TEST_CASE("Pcg32 next64 is two next32 draws, high word first") {
  Pcg32 a(9, 9), b(9, 9);
  uint64_t hi = b.next32();
  uint64_t lo = b.next32();
  CHECK(a.next64() == ((hi << 32) | lo));
}

TEST_CASE("lemire_below rejects the biased low products") {
  // n = 3: 2^32 mod 3 = 1, so a draw whose low product word is 0 is redrawn.
  std::array<uint32_t, 2> words = {0, 0x80000000};
  size_t i = 0;
  auto next = [&] { return words[i++]; };
  CHECK(lemire_below(next, 3) == 1);  // 0 rejected; 0x80000000 * 3 >> 32 = 1
  CHECK(i == 2);
  i = 0;
  CHECK(lemire_below([&] { return 0xFFFFFFFFu; }, 10) == 9);
  CHECK(lemire_below([&] { return 0x12345678u; }, 0) == 0);
}

TEST_CASE("Pcg32 below stays in range and covers it") {
  Pcg32 r(1, 1);
  std::array<int, 7> seen{};
  for (int k = 0; k < 7000; ++k) {
    uint32_t v = r.below(7);
    REQUIRE(v < 7);
    ++seen[v];
  }
  for (int c : seen) CHECK(c > 800);
  CHECK(r.below(1) == 0);
  CHECK(r.below(0) == 0);
  int heads = 0;
  for (int k = 0; k < 1000; ++k) heads += r.coin();
  CHECK(heads > 400);
  CHECK(heads < 600);
}

TEST_CASE("The virtual interface draws like the concrete type") {
  Pcg32 a(77, 3), b(77, 3);
  Random& r = b;
  CHECK(a.below(100) == r.below(100));
  CHECK(a.coin() == r.coin());
  CHECK(a.next64() == r.next64());
}

TEST_CASE("ScriptedRandom returns its script and fails clearly") {
  ScriptedRandom r{5, 1, 0, 0xFFFFFFFFFF, 7};
  CHECK(r.below(6) == 5);
  CHECK(r.coin());
  CHECK_FALSE(r.coin());
  CHECK(r.next64() == 0xFFFFFFFFFF);
  CHECK(r.remaining() == 1);
  CHECK_THROWS_WITH_AS(r.below(7), doctest::Contains("got 7, which is not below 7"), std::logic_error);
  CHECK(r.next32() == 7);
  CHECK(r.used() == 5);
  CHECK_THROWS_WITH_AS(r.coin(), doctest::Contains("script exhausted: draw #5 (coin)"), std::logic_error);
  ScriptedRandom c{2};
  CHECK_THROWS_AS(c.coin(), std::logic_error);
}
