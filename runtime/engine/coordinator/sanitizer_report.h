// engine/coordinator/sanitizer_report.h: showing a sanitizer's report (ASan, UBSan,
// TSan) when it ends a fuzzing worker. Workers' stdout and stderr go to the
// null device, as Go's do, so each worker asks its sanitizer to write the
// report into the coordinator's private directory (mkdtemp,
// <tmp>/cxxtest-sanitizer-XXXXXX, named to workers by CXXTEST_SANITIZER_DIR)
// instead, and the coordinator puts the newest such report into the failure
// it prints, then removes them all, and the directory at the end.
#pragma once

#include <string>

#include "engine/shared/failure.h"

namespace cxxtest::runtime::engine {

// Coordinator side, before starting workers: creates the private directory.
void prepare_sanitizer_reports();
// Coordinator side, at the end: removes it.
void remove_sanitizer_reports();

// Worker side: routes sanitizer reports to the coordinator's report files.
// Does nothing in a binary without a sanitizer.
void route_sanitizer_reports();

// Coordinator side: the newest report a worker's sanitizer wrote, or "";
// removes every report file of this coordinator.
std::string take_sanitizer_report();
// Coordinator side, as a failure is seen: a failure a sanitizer reports (a
// sanitizer's exit, a leak) takes the newest report into f.sanitizer, so
// that it is judged and shown by its own report, not one written later.
void attach_sanitizer_report(Failure& f);

// True once a report taken was ThreadSanitizer's data race: the run then
// exits with status 66, as a race that halted a worker.
bool race_reported();

}  // namespace cxxtest::runtime::engine
