// fuzz/mutator.cpp: the mutator, compiled once for each random source.
#include "fuzz/mutator_impl.h"

namespace cxxtest::fuzz {

template class BasicMutator<Pcg32>;
template class BasicMutator<ScriptedRandom>;

}  // namespace cxxtest::fuzz
