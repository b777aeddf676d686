// engine/coordinator/report.h: the text of a fuzzing failure, as the fuzz test's log
// shows it under `--- FAIL: FuzzX (1.23s)` (the caller indents it by 4).
//
// An input that failed in the fuzz function (t.Error, an exception, a
// signal, std::terminate) reads like Go's nested subtest report:
//
//   --- FAIL: FuzzX (0.00s)
//       parse_test.cpp:8: boom
//       signal SIGSEGV: segmentation violation      (signals)
//           #0 0x55d0c1 in parse(...) parse.cpp:12:3
//   <blank line>
//
// A worker that died another way gets one line, then its stack if known:
//
//   fuzzing process hung or terminated unexpectedly: exit status 3
//   fuzzing process hung: the input ran longer than -fuzztimeout=1s
//   fuzzing process ran out of memory: ...
//
// Then, once the input is written:
//
//   Failing input written to testdata/fuzz/FuzzX/1e2f3a4b5c6d7e8f
//   To re-run:
//   cxxtest -run=FuzzX/1e2f3a4b5c6d7e8f ./pkg
#pragma once

#include <string>
#include <vector>

#include "engine/shared/failure.h"
#include "flags/duration.h"

namespace cxxtest::runtime::engine {

struct ReportContext {
  std::string target;        // "FuzzX"
  Nanos timeout = 0;         // -fuzztimeout
  int64_t rss_limit_mb = 0;  // -fuzzrsslimit
};

// `stack` is the symbolized stack (stack_text), each line ending in '\n',
// not indented. `output` is what the process wrote while the input failed
// (WorkerLink::output), shown under "output:" (an assert's message, a
// library's last error line), before the signal of a signal or
// std::terminate, after the rest otherwise; "" shows nothing.
std::string failure_text(const Failure& f, const ReportContext& ctx, const std::string& stack,
                         const std::string& output = "");

// One line naming a failure, for a progress line while its input is
// minimized: the sanitizer's SUMMARY (`sanitizer_summary`, without
// "SUMMARY: "; "" when none), else the failing log line, the exception,
// the signal, or the reason the worker ended.
std::string failure_headline(const Failure& f, const ReportContext& ctx,
                             const std::string& sanitizer_summary);

// "fuzzing process terminated by a sanitizer report (exit status N)": the
// first line when a sanitizer ended the worker (kind Exit), whose report
// follows it instead of failure_text.
std::string sanitizer_exit_line(const Failure& f);

// The text of such a failure: that line (with `on`, " on seed corpus entry
// NAME", before its colon), the input's log and what the process wrote
// (under "output:", as failure_text shows them), then the sanitizer's
// report (f.sanitizer), indented.
std::string sanitizer_failure_text(const Failure& f, const std::string& output, const std::string& on = "");

// A failure's whole text: sanitizer_failure_text when its sanitizer ended
// the worker (kind Exit with f.sanitizer), else failure_text with its stack,
// then f.sanitizer's report if any (a leak's). `on` as above.
std::string failure_report(const Failure& f, const ReportContext& ctx, const std::string& output = "",
                           const std::string& on = "");

// `text` with every line indented by n spaces, ending in a newline.
std::string indent_by(const std::string& text, int n);

// The lines after a written input. `package` is the re-run command's
// arguments ("-asan -C dir ./p"); `needs`: what the file says after
// `// needs:` ("-asan"), the build flags a plain run adds to it ("": none).
std::string written_text(const std::string& target, const std::string& name, const std::string& package,
                         const std::string& needs = "", const std::string& limits = "");

// The flags the re-run command needs so that the limit `f` broke is the
// same in it: "-fuzztimeout=1s " for a hang under a -fuzztimeout other
// than the default (a plain run applies its own -fuzztimeout, 25s, to each
// input, which a 3 s input passes), "-fuzzrsslimit=300 " likewise for
// memory; "" otherwise.
std::string limit_flags(const Failure& f, const ReportContext& ctx);

// Whether a failure fails a plain build alike, so its file needs no
// sanitizer's build: a test failure, an exception, a signal or
// std::terminate that no sanitizer reported (an assert() found under
// -asan). Leaks, timeouts, memory limits and sanitizer reports are the
// sanitizer build's own.
bool fails_in_plain_build(const Failure& f, bool sanitizer_reported);

// Symbolizes frames recorded by a worker (same binary, other address
// space): one "#N 0x... in fn file:line" line per frame, as crash reports
// print them. Empty for no frames.
std::string stack_text(const std::vector<Frame>& frames);

// write_stack()'s lines for pcs of this process: pcs[0] exact, the others
// return addresses (one past the call). With `shown` (one per pc), those
// addresses are printed instead: the worker's, whose report this is.
std::string symbolized(const std::vector<void*>& pcs, const std::vector<uintptr_t>* shown = nullptr);

}  // namespace cxxtest::runtime::engine
