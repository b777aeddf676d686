// driver/runner_frames.h: leaving cxxtest's own frames out of the stacks a
// sanitizer prints in a test binary's output.
//
// In a plain run (`cxxtest -asan -run=FuzzX/... ./p`, the re-run command
// every -fuzz report prints) AddressSanitizer, ThreadSanitizer and
// UndefinedBehaviorSanitizer write their reports to the binary's stderr
// themselves, and each stack goes on below the test into the runner: some
// twenty frames such as invoke_with<...> and std::function plumbing, each
// up to a kilobyte of template names. The runtime's own reports and the
// -fuzz reports already end at the test (crash/exceptions.h
// without_runner_frames); this does the same to the output as it streams,
// by the same rule (runtime/crash/runner_frame_names.h).
#pragma once

#include <string>
#include <string_view>

#include "runtime/crash/runner_threads.h"

namespace cxxtest::driver {

// Fed the output in chunks, returns what to print so far: complete lines,
// with every frame line ("    #N ...") of a stack dropped from its first
// cxxtest frame on ("cxxtest::..." before the function's parameter list),
// together with the std::function / std::__invoke frames just above it. A
// stack whose first frame (past allocators' and sanitizers' own) is
// cxxtest's, a failure in cxxtest itself, is kept whole. The stanzas
// that then only say where the runner started the test's thread go too
// (runtime/crash/runner_threads.h). A SUMMARY line names the place the
// -fuzz report names (runtime/crash/sanitizer_summary.h).
class RunnerFrameFilter {
 public:
  std::string feed(std::string_view chunk);
  // The rest: an unfinished last line, plumbing frames held back.
  std::string finish();

 private:
  std::string line(std::string_view text);  // one complete line, newline included

  std::string partial_;   // the unfinished line so far
  std::string held_;      // plumbing frames that a runner frame may yet drop
  int frames_ = 0;        // this stack's frames so far, not counting allocators' and sanitizers'
  bool cutting_ = false;  // in this stack, past its first runner frame
  bool whole_ = false;    // this stack starts in cxxtest: kept whole
  // The report's place (runtime/crash/sanitizer_summary.h), from its first
  // stack, for a SUMMARY line that names only a module offset or ASan's
  // own function: the -fuzz report of the same failure names this place.
  std::string place_;
  bool place_found_ = false;  // the report's first stack has ended
  cxxtest::runtime::ThreadStanzaFilter stanzas_;
};

}  // namespace cxxtest::driver
