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
// ignored. Seeds: f.Add(cxxtest::Bytes(...)) before
// the call, testdata/fuzz/FuzzTarget/, or -fuzzimport=DIR for a directory
// of raw inputs.
#pragma once

#include <cxxtest/cxxtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace cxxtest {

namespace internal {
// Calls LLVMFuzzerInitialize, when defined, the first time only.
void initialize_libfuzzer_harness(int (*initialize)(int*, char***));
// LLVMFuzzerTestOneInput returned -1 for the input being run.
void reject_fuzz_input();
}  // namespace internal

inline void LibFuzzerHarness(F& f) {
  internal::initialize_libfuzzer_harness(&LLVMFuzzerInitialize);
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
