// cxxtest/libfuzzer.h: a libFuzzer harness as a fuzz test.
//
// A file written for libFuzzer (OSS-Fuzz, fuzzer-test-suite) defines
// LLVMFuzzerTestOneInput and maybe LLVMFuzzerInitialize. Put it in a
// package as it is and add a test file that hands it to F::Fuzz:
//
//   // parse/harness_test.cpp; parse/target.cc is the libFuzzer harness
//   #include <cxxtest/libfuzzer.h>
//   void FuzzTarget(cxxtest::F& f) { cxxtest::LibFuzzerHarness(f); }
//
// Each process calls LLVMFuzzerInitialize once, if the harness defines it,
// with argv = {the test binary's path}; every input goes to
// LLVMFuzzerTestOneInput unchanged. As in libFuzzer, a return of -1 keeps
// the input out of the corpus while fuzzing (its coverage counts for
// nothing; a crash or leak in it is still found), and other values are
// ignored. A harness's LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver
// are used as libFuzzer uses them (the custom mutator makes every mutation,
// LLVMFuzzerMutate one of the engine's own). Seeds: f.Add(cxxtest::Bytes(...)) before
// the call, testdata/fuzz/FuzzTarget/, or -fuzzimport=DIR for a directory
// of raw inputs.
#pragma once

#include <cxxtest/cxxtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" __attribute__((weak)) size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                                                unsigned int seed);
extern "C" __attribute__((weak)) size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                                                  const uint8_t* data2, size_t size2,
                                                                  uint8_t* out, size_t max_out_size,
                                                                  unsigned int seed);
// For a custom mutator: one of the engine's own mutations of data (size
// bytes, growing to at most max_size); returns the new size. Outside
// fuzzing it leaves the data as they are.
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace cxxtest {

namespace internal {
// Calls LLVMFuzzerInitialize, when defined, the first time only.
void initialize_libfuzzer_harness(int (*initialize)(int*, char***));
// Hands the harness's custom mutators (each null when not defined) to the engine.
void register_libfuzzer_mutators(size_t (*mutate)(uint8_t*, size_t, size_t, unsigned),
                                 size_t (*cross_over)(const uint8_t*, size_t, const uint8_t*, size_t,
                                                      uint8_t*, size_t, unsigned));
// LLVMFuzzerTestOneInput returned -1 for the input being run.
void reject_fuzz_input();
}  // namespace internal

inline void LibFuzzerHarness(F& f) {
  internal::initialize_libfuzzer_harness(&LLVMFuzzerInitialize);
  internal::register_libfuzzer_mutators(&LLVMFuzzerCustomMutator, &LLVMFuzzerCustomCrossOver);
#if CXXTEST_HAS_SPAN
  f.Fuzz([](T&, std::span<const uint8_t> data) {
    if (LLVMFuzzerTestOneInput(data.data(), data.size()) == -1) internal::reject_fuzz_input();
  });
#else
  f.Fuzz([](T&, const std::vector<uint8_t>& data) {
    if (LLVMFuzzerTestOneInput(data.data(), data.size()) == -1) internal::reject_fuzz_input();
  });
#endif
}

}  // namespace cxxtest
