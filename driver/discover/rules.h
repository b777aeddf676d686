// What counts as a test or fuzz target by name, what discovery reports, and
// how a report is printed. Pure functions: no Clang here, so the rules can be
// read (and tested) on their own.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cxxtest::discover {

// Main: the package's TestMain(cxxtest::M&), Go's TestMain(m *testing.M).
enum class Kind { Test, Fuzz, Benchmark, Main };

// Test when `name` is "Test" followed by its end or by a character that is not
// a lowercase ASCII letter ("Test", "TestFoo", "Test_x", "Test2"; not
// "Testing"); likewise Fuzz and Benchmark. nullopt for every other name.
// "TestMain" is Test here; the collector makes it Main unless it takes a
// cxxtest::T& (as Go does: TestMain(t *testing.T) is an ordinary test).
std::optional<Kind> kind_of_name(std::string_view name);

// One output item. `kind` is meaningful only when `error` is empty.
struct Finding {
  Kind kind = Kind::Test;
  unsigned line = 0;    // 1-based, of the function name
  unsigned column = 0;  // 1-based, of the function name
  std::string name;     // the function name
  std::string error;    // non-empty: the function is a malformed Test/Fuzz
};

// The messages for malformed functions (no location; the Finding holds it).
std::string wrong_signature_message(Kind kind, std::string_view name);
std::string linkage_message(std::string_view name);
std::string language_linkage_message(std::string_view name);
std::string template_message(std::string_view name);

// The output line, without the newline, tab-separated:
//   test  FILE LINE COL TestName
//   fuzz  FILE LINE COL FuzzName
//   main  FILE LINE COL TestMain
//   bench FILE LINE COL BenchmarkName
//   error FILE LINE COL message
// `file` is printed exactly as given on the command line.
std::string format_finding(std::string_view file, const Finding& finding);

}  // namespace cxxtest::discover
