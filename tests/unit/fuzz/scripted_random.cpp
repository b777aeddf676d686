// scripted_random.cpp: ScriptedRandom and the mutator instantiated on it.
#include "scripted_random.h"

#include "fuzz/mutator_impl.h"

#include <stdexcept>
#include <string>

namespace cxxtest::fuzz {

template class BasicMutator<ScriptedRandom>;

uint64_t ScriptedRandom::take(const char* call, uint64_t limit) {
  if (pos_ >= script_.size()) {
    throw std::logic_error("ScriptedRandom: script exhausted: draw #" + std::to_string(pos_) + " (" + call +
                           ") has no entry; the script has " + std::to_string(script_.size()));
  }
  uint64_t v = script_[pos_];
  if (limit != 0 && v >= limit) {
    throw std::logic_error("ScriptedRandom: draw #" + std::to_string(pos_) + " (" + call + ") got " +
                           std::to_string(v) + ", which is not below " + std::to_string(limit));
  }
  ++pos_;
  return v;
}

uint32_t ScriptedRandom::next32() { return static_cast<uint32_t>(take("next32", uint64_t{1} << 32)); }

uint64_t ScriptedRandom::next64() { return take("next64", 0); }

uint32_t ScriptedRandom::below(uint32_t n) {
  std::string call = "below(" + std::to_string(n) + ")";
  return static_cast<uint32_t>(take(call.c_str(), n == 0 ? 1 : n));
}

bool ScriptedRandom::coin() { return take("coin", 2) == 1; }

}  // namespace cxxtest::fuzz
