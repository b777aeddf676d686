// scripted_random.h: ScriptedRandom, the random source of the fuzz unit
// tests. It hands out a fixed list of draws so a test can state the exact
// result of a mutation. Test-only: the runtime never links it.
#pragma once

#include "fuzz/mutator.h"
#include "fuzz/rng.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

namespace cxxtest::fuzz {

// Returns scripted entries, one per call of any method, in order:
//   next32 -> the entry (must fit in 32 bits), next64 -> the entry,
//   below(n) -> the entry (must be < n, or 0 when n == 0),
//   coin -> true for 1, false for 0 (no other value).
// A call past the end of the script, or an entry out of range for its call,
// throws std::logic_error naming the draw's index and the call.
class ScriptedRandom final : public Random {
 public:
  ScriptedRandom(std::initializer_list<uint64_t> script) : script_(script) {}
  explicit ScriptedRandom(std::vector<uint64_t> script) : script_(std::move(script)) {}

  uint32_t next32() override;
  uint64_t next64() override;
  uint32_t below(uint32_t n) override;
  bool coin() override;

  size_t used() const { return pos_; }
  size_t remaining() const { return script_.size() - pos_; }

 private:
  uint64_t take(const char* call, uint64_t limit);  // limit: entries must be < limit

  std::vector<uint64_t> script_;
  size_t pos_ = 0;
};

// Compiled in scripted_random.cpp.
extern template class BasicMutator<ScriptedRandom>;

}  // namespace cxxtest::fuzz
