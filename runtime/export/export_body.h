// export/export_body.h: running a FuzzXxx body outside the test runner, for the
// exported binaries (export_entry.cpp) and the corpus tool (corpus_tool.cpp):
// both install a FuzzRunner of their own, which F.Fuzz calls with the target
// while the body is still running (so the fuzz function may use its locals).
#pragma once

#include <cxxtest/entry.h>

#include <string>

#include "testing/fuzz_target.h"

namespace cxxtest::runtime {

struct BodyResult {
  bool failed = false;   // the F failed (before, in or after the runner)
  bool skipped = false;  // the F skipped
  std::string log;       // the F's log (for a failure or skip)
};

// Runs entry's body on the calling thread under a fresh F state with
// `runner` installed (restoring the default afterwards).
BodyResult run_body_with(const internal::FuzzEntry& entry, FuzzRunner runner);

}  // namespace cxxtest::runtime
