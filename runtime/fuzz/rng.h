// fuzz/rng.h: the random sources of the fuzzing engine.
//
// Random is the interface. Pcg32 is the generator the engine runs on
// (PCG-XSH-RR 64/32, Go's internal/fuzz generator); its whole state is two
// words, so a worker can publish it and the coordinator can replay the same
// draws. Tests draw from a scripted double (tests/unit/fuzz/scripted_random.h).
//
// Speed: concrete sources are `final`, and the mutator is a template on
// the concrete type, so every draw in the hot path is a direct, inlinable
// call. The virtual interface is for code where an indirect call is noise.
#pragma once

#include <concepts>
#include <cstdint>

namespace cxxtest::fuzz {

class Random {
 public:
  virtual ~Random() = default;
  // Uniform over all 2^32 values.
  virtual uint32_t next32() = 0;
  // Uniform over all 2^64 values (two next32 draws, high word first).
  virtual uint64_t next64();
  // Uniform in [0, n) by Lemire's multiply-shift with rejection; 0 if n == 0.
  virtual uint32_t below(uint32_t n);
  // True with probability 1/2 (the low bit of a draw is 0, as in Go).
  virtual bool coin();
};

// Lemire's nearly-divisionless bounded draw: next() yields uniform 32-bit
// words; the result is uniform in [0, n), and 0 when n == 0.
template <class Next>
inline uint32_t lemire_below(Next&& next, uint32_t n) {
  uint64_t m = uint64_t{next()} * n;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < n) {
    uint32_t threshold = (0u - n) % n;  // 2^32 mod n
    while (low < threshold) {
      m = uint64_t{next()} * n;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

class Pcg32 final : public Random {
 public:
  static constexpr uint64_t kMultiplier = 6364136223846793005ULL;

  // Everything needed to continue the sequence. `inc` is always odd.
  struct State {
    uint64_t state = 0;
    uint64_t inc = 1;
    friend bool operator==(const State&, const State&) = default;
  };

  // Seeds as Go does: inc = stream*2+1; state = seed; step; state += seed; step.
  Pcg32(uint64_t seed, uint64_t stream);
  // Continues exactly where the generator that produced `s` was.
  explicit Pcg32(State s) : s_(s) {}

  State save() const { return s_; }
  void restore(State s) { s_ = s; }

  uint32_t next32() override {
    uint64_t x = s_.state;
    s_.state = x * kMultiplier + s_.inc;
    uint32_t xorshifted = static_cast<uint32_t>(((x >> 18) ^ x) >> 27);
    uint32_t rot = static_cast<uint32_t>(x >> 59);
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31));
  }
  uint64_t next64() override {
    uint64_t hi = next32();
    return (hi << 32) | next32();
  }
  uint32_t below(uint32_t n) override {
    return lemire_below([this] { return next32(); }, n);
  }
  bool coin() override { return (next32() & 1) == 0; }

 private:
  State s_;
};

// Anything the mutator can draw from (Pcg32, the tests' ScriptedRandom, ...).
template <class R>
concept RandomSource = requires(R& r, uint32_t n) {
  { r.next32() } -> std::same_as<uint32_t>;
  { r.next64() } -> std::same_as<uint64_t>;
  { r.below(n) } -> std::same_as<uint32_t>;
  { r.coin() } -> std::same_as<bool>;
};

}  // namespace cxxtest::fuzz
