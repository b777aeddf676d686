// needs_runs.h: a plain run's second pass, for reproducers that need a
// sanitizer build.
//
// A reproducer found under -asan says `// needs: -asan` on its second line
// (runtime/corpus/corpus_v1.h): a plain build may well pass it, and a CI that runs
// only plain tests would never see the bug. So when testdata inputs need
// flags the run's build lacks, the driver also builds those packages with
// the flags and runs just those inputs there (-test.seedsneeding), each
// package's two result lines saying so:
//
//   ok  	example.com/p	0.01s [without inputs that need -asan]
//   FAIL	example.com/p	0.05s [inputs that need -asan]
#pragma once

#include <string>
#include <vector>

#include "driver/plan.h"
#include "instrument/variant.h"

namespace cxxtest::driver {

// The inputs of some packages that need one set of build flags.
struct NeedsGroup {
  std::string needs;                     // as the files say it: "-asan"
  cxxtest::instrument::Variant variant;  // a plain build with those sanitizers
  std::vector<size_t> packages;          // indexes into the plan's packages
};

// For the built packages of `plan` (run in `current`), the `// needs:` sets
// of their testdata/fuzz/*/* files that `current` lacks, one group each, in
// first-seen order. Only files whose subtest name (FuzzX/file) -run and
// -skip select count, so `-run=TestA` builds no second variant. A set
// naming an unknown flag, or one that cannot be built (-asan with -race),
// gets a warning on stderr and no group.
std::vector<NeedsGroup> needs_groups(const Plan& plan, const cxxtest::instrument::Variant& current,
                                     const std::string& run, const std::string& skip);

// The trailer of such a run's result line: " [inputs that need -asan]".
std::string needs_trailer(const std::string& needs);
// The trailer of the package's first result line, when second runs follow
// with `needs`: " [without inputs that need -asan]" ("-asan, -ubsan" for two).
std::string without_needs_trailer(const std::vector<std::string>& needs);

}  // namespace cxxtest::driver
