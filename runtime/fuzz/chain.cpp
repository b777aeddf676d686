// fuzz/chain.cpp: the mutation chain and its replay (see chain.h).
#include "fuzz/chain.h"

namespace cxxtest::fuzz {
namespace {

// One more mutation of `input`, repeated (a few times at most) while it
// leaves the input equal to the original: running the original again is
// an execution wasted (a swap of two equal bytes, a byte set to its own
// value), and a target counting its calls would see one too many.
void mutate_away(Mutator& mutator, std::vector<Value>& input, const std::vector<Value>& original) {
  constexpr int kRetries = 4;
  mutator.mutate(input);
  for (int i = 0; i < kRetries && input == original; ++i) mutator.mutate(input);
}

}  // namespace

void MutationChain::next(std::vector<Value>& input) {
  if (count_ % kChainLength == 0) {
    input = original_;  // element-wise: strings keep their capacity
    chain_state_ = mutator_.rng().save();
  }
  ++count_;
  mutate_away(mutator_, input, original_);
}

std::vector<Value> replay(Mutator& mutator, const std::vector<Value>& original, Pcg32::State chain_state,
                          uint64_t count) {
  std::vector<Value> input = original;
  mutator.rng().restore(chain_state);
  for (uint64_t i = mutations_for(count); i > 0; --i) mutate_away(mutator, input, original);
  return input;
}

}  // namespace cxxtest::fuzz
