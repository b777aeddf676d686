// testing/libfuzzer_harness.h: what cxxtest/libfuzzer.h tells the engine.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fuzz/mutator.h"

namespace cxxtest::runtime {

// The harness's LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver (null
// when it defines neither, or is no libFuzzer harness).
const fuzz::CustomMutators& harness_mutators();

// What LLVMFuzzerMutate does: the fuzzing worker sets one of its own byte
// mutations (null: LLVMFuzzerMutate leaves the data as they are).
using DefaultMutation = size_t (*)(uint8_t* data, size_t size, size_t max_size);
void set_default_mutation(DefaultMutation mutation);

// Whether the harness returned -1 (libFuzzer's "do not add this input to
// the corpus") since the last call; clears it. The fuzzing worker asks
// after each input it runs.
bool take_rejected_input();

}  // namespace cxxtest::runtime
