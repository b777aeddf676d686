// Regular-expression matching and text comparison for the assertions.
#pragma once

#include <optional>
#include <regex>
#include <string>

namespace cxxtest::script {

// Compiles an ECMAScript regex in multiline mode (^ and $ match at line
// breaks, like Go's (?m)). On a syntax error returns nullopt and sets
// `error` to the reason.
std::optional<std::regex> compile_regex(const std::string& pattern, std::string& error);

// How many times `pattern` matches `text`:
//  - a pattern that can span lines (it holds a newline or the escape "\n")
//    is searched in the whole text, counting non-overlapping matches (^ and
//    $ still match at every line break);
//  - any other pattern is searched in each line on its own (so ^ and $ are
//    line anchors), counting matching lines.
// `first` receives the first matching line (or match) for messages.
// Throws std::regex_error if the matcher gives up (complexity, stack).
int count_matches(const std::regex& re, const std::string& pattern, const std::string& text,
                  std::string* first = nullptr);

// A line diff of `want` against `got`: "--- want_name" / "+++ got_name",
// then the differing lines ("-" only in want, "+" only in got) with up to 3
// lines of context, "..." between separate hunks. Empty when equal.
std::string line_diff(const std::string& want_name, const std::string& want, const std::string& got_name,
                      const std::string& got);

}  // namespace cxxtest::script
