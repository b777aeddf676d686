// fuzz/rng.cpp: default Random helpers, Pcg32 seeding.
#include "fuzz/rng.h"

namespace cxxtest::fuzz {

uint64_t Random::next64() {
  uint64_t hi = next32();
  return (hi << 32) | next32();
}

uint32_t Random::below(uint32_t n) {
  return lemire_below([this] { return next32(); }, n);
}

bool Random::coin() { return (next32() & 1) == 0; }

Pcg32::Pcg32(uint64_t seed, uint64_t stream) {
  s_.inc = stream * 2 + 1;
  s_.state = seed;
  next32();
  s_.state += seed;
  next32();
}

}  // namespace cxxtest::fuzz
