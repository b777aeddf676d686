// fuzz/chain.h: Go's mutation chain, and replaying one of its inputs.
//
// A worker fuzzing one original input resets its working copy to the
// original before executions 1, 6, 11, ... and saves the rng state at that
// moment; every execution then applies one more mutation. So execution c
// (1-based) carries ((c-1) mod 5)+1 cumulative mutations, and the input of
// execution c is fully determined by (original, state at its chain's start,
// c). The worker publishes those two numbers (in shared memory) before each
// execution; if the execution crashes or finds coverage, the coordinator
// rebuilds the input with replay(), even when the worker died. A mutation
// that leaves the input equal to the original is drawn again (up to four
// times), in both.
#pragma once

#include "fuzz/mutator.h"

#include <cstdint>
#include <vector>

namespace cxxtest::fuzz {

inline constexpr uint64_t kChainLength = 5;

class MutationChain {
 public:
  // `mutator` and `original` must outlive the chain; original is only read.
  MutationChain(Mutator& mutator, const std::vector<Value>& original)
      : mutator_(mutator), original_(original) {}

  // Makes `input` the input of the next execution: at a chain start it is
  // first reset to the original (reusing its buffers) and the rng state is
  // saved; then one mutation is applied. `input` must be the vector passed
  // to the previous call, unchanged since.
  void next(std::vector<Value>& input);

  // Executions prepared so far (the count of the one `input` now holds).
  uint64_t count() const { return count_; }
  // The rng state before the first mutation of the current chain.
  Pcg32::State chain_state() const { return chain_state_; }

 private:
  Mutator& mutator_;
  const std::vector<Value>& original_;
  uint64_t count_ = 0;
  Pcg32::State chain_state_;
};

// Number of mutations the input of execution `count` (>= 1) carries.
inline uint64_t mutations_for(uint64_t count) { return (count - 1) % kChainLength + 1; }

// The input of execution `count` (>= 1) of a chain over `original` whose
// chain started at rng state `chain_state`. `mutator` must have the worker's
// max_bytes, splice source and dictionaries; its rng is left where the last
// replayed mutation left it.
std::vector<Value> replay(Mutator& mutator, const std::vector<Value>& original, Pcg32::State chain_state,
                          uint64_t count);

}  // namespace cxxtest::fuzz
