// flags/matcher.h: Go's -test.run / -test.skip matching and subtest naming.
//
// A pattern is split on `/` and `|` outside brackets and parentheses into
// per-level regexps (Go's syntax through RE2, unanchored search): "A/B|C" matches a test
// named X/Y when (A matches X and B matches Y) or C matches X. A name deeper
// than the pattern matches if its first levels do (so -run=TestX runs all of
// TestX's subtests); a name shallower than the pattern matches "partially"
// (its subtests may still match). -test.skip skips a test when all of its
// elements match and the match is not partial.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace cxxtest::runtime {

// A compiled regexp in Go's syntax (RE2, as Go's regexp package is): UTF-8,
// `(?i)` and the other flags, Perl classes; matching takes time linear in
// the name, whatever the pattern. Copies share the compiled program.
class Regexp {
 public:
  // The regexp, or nullopt with `error` set to Go's regexp/syntax text
  // ("error parsing regexp: missing closing ): `(`").
  static std::optional<Regexp> compile(std::string_view pattern, std::string& error);
  // Whether the regexp matches somewhere in `s` (Go's MatchString).
  bool search(std::string_view s) const;

 private:
  std::shared_ptr<const re2::RE2> re_;
};

// One alternative of a pattern: a regexp per level.
struct LevelPatterns {
  std::vector<std::string> sources;
  std::vector<Regexp> regexps;
};

// A whole -test.run or -test.skip value.
struct Filter {
  std::vector<LevelPatterns> alternatives;  // empty: no pattern given
};

// Splits a pattern on unbracketed `/` (levels) and `|` (alternatives),
// following Go's splitRegexp. "" yields one alternative with one empty level.
std::vector<std::vector<std::string>> split_pattern(std::string_view pattern);

// Go's rewrite of a subtest name or pattern element: whitespace becomes `_`,
// other non-printable bytes become C escapes (\a, \x01).
std::string rewrite_name(std::string_view s);

// Compiles a flag value; on a bad regexp returns false with `error` set to
// Go's message (`invalid regexp for element 0 of -test.run ("("): ...`).
bool compile_filter(std::string_view pattern, const char* flag_name, Filter& out, std::string& error);

class Matcher {
 public:
  Matcher(Filter run, Filter skip) : run_(std::move(run)), skip_(std::move(skip)) {}

  struct Match {
    std::string name;  // the full, unique test name
    bool ok = false;   // the test should run
    bool partial = false;
  };
  // The name of a subtest `subname` of the test `parent` (nullptr: a
  // top-level test or a fully named seed entry, used as is) and whether it
  // runs. Subtest names are rewritten and made unique per Matcher.
  Match full_name(const std::string* parent, std::string_view subname);

 private:
  std::string unique(const std::string& parent, const std::string& subname);

  Filter run_, skip_;
  std::mutex mu_;
  std::map<std::string, int> sub_names_;
};

}  // namespace cxxtest::runtime
