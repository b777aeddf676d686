// fuzz/rng.cpp: default Random helpers, Pcg32 seeding, ScriptedRandom.
#include "fuzz/rng.h"

#include <stdexcept>
#include <string>

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

uint64_t ScriptedRandom::take(const char* call, uint64_t limit) {
  if (pos_ >= script_.size()) {
    throw std::logic_error("ScriptedRandom: script exhausted: draw #" + std::to_string(pos_) +
                           " (" + call + ") has no entry; the script has " +
                           std::to_string(script_.size()));
  }
  uint64_t v = script_[pos_];
  if (limit != 0 && v >= limit) {
    throw std::logic_error("ScriptedRandom: draw #" + std::to_string(pos_) + " (" + call +
                           ") got " + std::to_string(v) + ", which is not below " +
                           std::to_string(limit));
  }
  ++pos_;
  return v;
}

uint32_t ScriptedRandom::next32() {
  return static_cast<uint32_t>(take("next32", uint64_t{1} << 32));
}

uint64_t ScriptedRandom::next64() { return take("next64", 0); }

uint32_t ScriptedRandom::below(uint32_t n) {
  std::string call = "below(" + std::to_string(n) + ")";
  return static_cast<uint32_t>(take(call.c_str(), n == 0 ? 1 : n));
}

bool ScriptedRandom::coin() { return take("coin", 2) == 1; }

}  // namespace cxxtest::fuzz
