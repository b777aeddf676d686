// -json: go test's machine-readable output (the test2json format). Each line
// a package's test binary prints becomes events:
//   {"Time":"...","Action":"output","Package":"p","Test":"TestX","Output":"...\n"}
//   {"Time":"...","Action":"run"|"pause"|"cont"|"pass"|"fail"|"skip","Package":"p","Test":"TestX","Elapsed":0.01}
// and the package's final ok/FAIL line gives the package-level pass/fail.
// The binary runs with -test.v so every test's start and end are visible.
//
// As Go's test2json does, a result's pass/fail event waits until the results
// nested under it ("    --- FAIL: TestX/sub", indented four spaces a level)
// have come, so children end before their parent (gotestsum relies on it);
// an indented output line belongs to the result at its depth.
//
// Framing, as Go's -test.v=test2json: the binary run for -json starts every
// line that frames a test (=== RUN, --- FAIL: ...) with ^V (0x16). With
// Framing::Marked only such lines make events (the marker is dropped from
// their output), so a test printing "--- FAIL: X" itself only makes output.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::driver {

enum class Framing { Unmarked, Marked };

class JsonEvents {
 public:
  explicit JsonEvents(std::string package, Framing framing = Framing::Unmarked)
      : package_(std::move(package)), framing_(framing) {}

  // The events for one complete line of output (with its trailing '\n').
  std::string line(std::string_view text);

  // The events closing the package: `passed`, `elapsed` seconds.
  std::string finish(bool passed, double elapsed);
  // The events closing one run of the package that another run continues
  // (its second pass, needs_runs.h): the held results, no package event.
  std::string finish_part() { return flush(0); }

 private:
  std::string event(std::string_view action, std::string_view test, std::string_view output, double elapsed);
  // The events of a line that frames nothing: output of its test.
  std::string output_line(std::string_view text, size_t depth);
  // The held result events at depth >= `depth`, deepest first.
  std::string flush(size_t depth);
  struct Held {
    std::string test;   // the result's test, for output at its depth
    std::string event;  // its pass/fail/skip event, not yet written
  };
  std::string package_;
  Framing framing_;
  std::string current_;     // the test the following output belongs to
  std::vector<Held> held_;  // one per depth of the result lines seen
};

// `s` as a JSON string literal, quotes included. Bytes that are not valid
// UTF-8 become U+FFFD, as Go's encoder writes them.
std::string json_quote(std::string_view s);

// The test binary's argument for the framing markers (Framing::Marked):
// makes `args` (the -test.* flags) ask for them, as -test.v=test2json
// replacing any other -test.v.
void ask_for_framing(std::vector<std::string>& args);

}  // namespace cxxtest::driver
