// testing/output.h: how test output reaches stdout, in Go's formats.
#pragma once

#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

namespace cxxtest::runtime {

// Writes text to stdout (through stdio, so it stays ordered with the test's
// own printf/std::cout output) and flushes. Thread-safe; never interleaves
// two calls.
void write_stdout(std::string_view text);

// Go's decorate: "    <prefix><line 1>\n        <line 2>\n..." (one trailing
// newline of text is dropped; every message ends with exactly one).
std::string decorate(std::string_view prefix, std::string_view text);
// "file.cpp:12: " for a call site (basename only, the path as compiled with
// -test.fullpath); "" when loc.file is null.
std::string location_prefix(internal::Location loc);

// Go's indenter: every line of text prefixed with 4 spaces (after the
// line's framing marker, if it has one).
std::string indent(std::string_view text);

// Go's test2json framing (-test.v=test2json, which cxxtest -json passes):
// every line that frames a test (=== RUN/PAUSE/CONT/NAME, --- PASS/FAIL/SKIP,
// the final PASS/FAIL) starts with the marker ^V (0x16), so that the
// converter (driver/json_events.h) never takes a test's own output for one.
inline constexpr char kFramingMarker = '\x16';
void set_framing(bool on);
// The marker to start a framing line with: "\x16", or "" when off.
const char* frame();

// The -test.v printer (Go's chattyPrinter). It remembers which test printed
// last; a log line of another test is preceded by `=== NAME  <test>`.
class ChattyPrinter {
 public:
  // Prints text as an event of test `name` (=== RUN, --- PASS...).
  void update(const std::string& name, std::string_view text);
  // Prints a log line of test `name`.
  void print(const std::string& name, std::string_view text);
  // Forgets the last test (a new -test.count iteration or phase).
  void reset();
};
ChattyPrinter& chatty();

}  // namespace cxxtest::runtime
