// fuzz/mutator.cpp: the mutator, compiled once for the engine's random source.
#include "fuzz/mutator_impl.h"

namespace cxxtest::fuzz {

template class BasicMutator<Pcg32>;

}  // namespace cxxtest::fuzz
