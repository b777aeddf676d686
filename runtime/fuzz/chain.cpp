// fuzz/chain.cpp: the mutation chain and its replay (see chain.h).
#include "fuzz/chain.h"

namespace cxxtest::fuzz {

void MutationChain::next(std::vector<Value>& input) {
  if (count_ % kChainLength == 0) {
    input = original_;  // element-wise: strings keep their capacity
    chain_state_ = mutator_.rng().save();
  }
  ++count_;
  mutator_.mutate(input);
}

std::vector<Value> replay(Mutator& mutator, const std::vector<Value>& original, Pcg32::State chain_state,
                          uint64_t count) {
  std::vector<Value> input = original;
  mutator.rng().restore(chain_state);
  for (uint64_t i = mutations_for(count); i > 0; --i) mutator.mutate(input);
  return input;
}

}  // namespace cxxtest::fuzz
