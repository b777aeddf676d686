// cxxtest/export.h: what the generated main of an exported fuzz target
// (`cxxtest export`) includes. Its LLVMFuzzerTestOneInput calls
// run_exported_input with the target's entry for every input the engine
// (libFuzzer, AFL++'s driver, ...) hands it.
#pragma once

#include <cxxtest/entry.h>

#include <cstddef>
#include <cstdint>

namespace cxxtest::internal {

// Decodes `data` into the target's arguments (the raw mapping of
// runtime/corpus/raw_input.h) and calls its fuzz function. A failing input
// (t.Error, t.Fatal, an uncaught exception) prints the test's log to stderr
// and aborts, which the engine records as a crash. Returns 0, or -1 when the
// fuzz function skipped the input (t.Skip), which libFuzzer keeps out of its
// corpus. The first call runs FuzzXxx's body to reach F.Fuzz.
int run_exported_input(const FuzzEntry& target, const uint8_t* data, size_t size);

}  // namespace cxxtest::internal

namespace cxxtest::internal {

// The main of a package's corpus tool (runtime/corpus/corpus_tool.cpp), which
// `cxxtest export` and `cxxtest corpus` run to convert inputs between raw
// bytes and v1 files for one of `targets`.
int corpus_tool_main(int argc, char** argv, const FuzzEntry* targets, size_t n);

}  // namespace cxxtest::internal
