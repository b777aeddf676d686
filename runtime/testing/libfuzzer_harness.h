// testing/libfuzzer_harness.h: what cxxtest/libfuzzer.h tells the engine.
#pragma once

namespace cxxtest::runtime {

// Whether the harness returned -1 (libFuzzer's "do not add this input to
// the corpus") since the last call; clears it. The fuzzing worker asks
// after each input it runs.
bool take_rejected_input();

}  // namespace cxxtest::runtime
