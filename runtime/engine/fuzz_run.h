// engine/fuzz_run.h: entry points from run_main for -test.fuzz and
// -test.fuzzworker (Go's runFuzzTests skip rule and runFuzzing).
//
// Coordinator (-test.fuzz=RE): run_main runs the tests and the seed corpora
// of every fuzz target except those matching RE (fuzzed_in_seed_phase), and
// stops on a failure. Then run_fuzzing() requires exactly one matching
// target (Go's texts for none and for several), runs its F body with the
// coordinator installed as the fuzz runner, and returns the exit code.
//
// Worker (-test.fuzzworker): run_main runs no tests; run_fuzzing() runs the
// same target's F body with the worker installed as the fuzz runner.
//
// It sits at engine/'s root because it runs in both processes and decides
// which one this is; what each then runs is in engine/coordinator/ or
// engine/worker/, and what they exchange in engine/shared/.
//
// Environment: CXXTEST_PACKAGE (set by the driver) is the package pattern
// printed in the re-run hint (default "."); CXXTEST_FUZZSEED=N fixes the
// random seed (Go's GODEBUG=fuzzseed; workers still differ by stream);
// CXXTEST_FUZZ_WORKER_OUTPUT=1 lets the workers' stdout and stderr through,
// which otherwise are never shown as they are written, as Go's are not (a
// failure's report shows what its input wrote: WorkerLink::output).
#pragma once

#include <cxxtest/cxxtest.h>

#include <span>
#include <string_view>

namespace cxxtest::runtime::engine {

// Whether the seed-corpus phase must leave target `name` out (it matches
// -test.fuzz, so its seeds run in the fuzzing baseline instead).
bool fuzzed_in_seed_phase(std::string_view name);

// Picks the target matching -test.fuzz and fuzzes it (or serves as a
// worker). Prints PASS/FAIL like run_main; returns the exit code.
int run_fuzzing(std::span<const internal::FuzzEntry> targets);

}  // namespace cxxtest::runtime::engine
