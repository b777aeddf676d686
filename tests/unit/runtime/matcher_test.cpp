// matcher_test.cpp: -test.run/-test.skip matching and subtest names
// (runtime/flags/matcher.h), following Go's testing/match_test.go.
#include "flags/matcher.h"

#include <doctest/doctest.h>

using namespace cxxtest::runtime;

namespace {

using Levels = std::vector<std::vector<std::string>>;

Filter compile(const std::string& pattern) {
  Filter f;
  std::string error;
  REQUIRE(compile_filter(pattern, "-test.run", f, error));
  return f;
}

// Whether the test `name` (full, with slashes) runs under run/skip.
bool runs(const std::string& run, const std::string& skip, const std::string& name) {
  Matcher m(compile(run), compile(skip));
  return m.full_name(nullptr, name).ok;
}

}  // namespace

TEST_CASE("split_pattern splits on unbracketed / and |") {
  CHECK(split_pattern("") == Levels{{""}});
  CHECK(split_pattern("A/B") == Levels{{"A", "B"}});
  CHECK(split_pattern("/B") == Levels{{"", "B"}});
  CHECK(split_pattern("A[/]B/C") == Levels{{"A[/]B", "C"}});
  CHECK(split_pattern("(A/B)/C") == Levels{{"(A/B)", "C"}});
  CHECK(split_pattern("A\\/B") == Levels{{"A\\/B"}});
  CHECK(split_pattern("A/B|C") == Levels{{"A", "B"}, {"C"}});
  CHECK(split_pattern("(A|B)/C") == Levels{{"(A|B)", "C"}});
  CHECK(split_pattern("]A/B") == Levels{{"]A", "B"}});
}

TEST_CASE("-run matches level by level, unanchored") {
  CHECK(runs("", "", "TestFoo"));
  CHECK(runs("Foo", "", "TestFoo"));
  CHECK_FALSE(runs("^Foo", "", "TestFoo"));
  CHECK(runs("TestFoo", "", "TestFoo/sub"));  // deeper than the pattern
  CHECK(runs("TestFoo/sub", "", "TestFoo"));  // partial: may have matching subtests
  CHECK(runs("TestFoo/sub", "", "TestFoo/sub"));
  CHECK_FALSE(runs("TestFoo/sub", "", "TestFoo/other"));
  CHECK(runs("/sub", "", "TestAny/sub"));
  CHECK(runs("TestFoo/a b", "", "TestFoo/a_b"));  // pattern spaces become _
  CHECK(runs("TestA|TestB/x", "", "TestB/x"));
  CHECK(runs("TestA|TestB/x", "", "TestA/y"));
  CHECK_FALSE(runs("TestA|TestB/x", "", "TestB/y"));
}

TEST_CASE("-skip skips only full matches") {
  CHECK_FALSE(runs("", "TestFoo", "TestFoo"));
  CHECK_FALSE(runs("", "TestFoo", "TestFoo/sub"));
  CHECK(runs("", "TestFoo/sub", "TestFoo"));  // partial match: keep going
  CHECK_FALSE(runs("", "TestFoo/sub", "TestFoo/sub"));
  CHECK(runs("", "TestFoo/sub", "TestFoo/other"));
  CHECK_FALSE(runs("Test", "Bar", "TestBar"));
}

TEST_CASE("bad regexps name the element and the flag") {
  Filter f;
  std::string error;
  CHECK_FALSE(compile_filter("A/[", "-test.skip", f, error));
  CHECK(error ==
        "testing: invalid regexp for element 1 of -test.skip (\"[\"): error parsing regexp: "
        "missing closing ]: `[`");
}

TEST_CASE("Go's regexp syntax (RE2): flags, Perl classes, Unicode") {
  CHECK(runs("(?i)parse", "", "TestParseEmpty"));
  CHECK_FALSE(runs("parse", "", "TestParseEmpty"));
  CHECK(runs("Test\\pL+/\\d+$", "", "TestÄb/12"));
  CHECK_FALSE(runs("Test\\pL+/\\d+$", "", "TestÄb/12x"));
  CHECK(runs("^(?:TestA|TestB)$", "", "TestB"));
  std::string error;
  CHECK_FALSE(Regexp::compile("a(?<name", error));
  CHECK(error.rfind("error parsing regexp: ", 0) == 0);
}

TEST_CASE("matching takes linear time where backtracking takes exponential") {
  std::string name = "Test" + std::string(40, 'a');  // (a+)+$ with a trailing '!' makes std::regex explode
  CHECK_FALSE(runs("^Test(a+)+!$", "", name));
}

TEST_CASE("subtest names are rewritten and made unique") {
  Matcher m(Filter{}, Filter{});
  std::string parent = "TestX";
  CHECK(m.full_name(&parent, "a").name == "TestX/a");
  CHECK(m.full_name(&parent, "a").name == "TestX/a#01");
  CHECK(m.full_name(&parent, "a").name == "TestX/a#02");
  CHECK(m.full_name(&parent, "").name == "TestX/#00");
  CHECK(m.full_name(&parent, "").name == "TestX/#01");
  CHECK(m.full_name(&parent, "a#01").name == "TestX/a#01#01");
  CHECK(m.full_name(&parent, "two words\there").name == "TestX/two_words_here");
  CHECK(m.full_name(&parent, std::string("bell\a\x01")).name == "TestX/bell\\a\\x01");
  CHECK(m.full_name(nullptr, "TestTop").name == "TestTop");
  CHECK(m.full_name(nullptr, "TestTop").name == "TestTop");  // top level: never renamed
}

TEST_CASE("rewrite_name") {
  CHECK(rewrite_name("a b") == "a_b");
  CHECK(rewrite_name("x\ny") == "x_y");
  CHECK(rewrite_name("\x7f") == "\\x7f");
  CHECK(rewrite_name("\u00e9t\u00e9") == "\u00e9t\u00e9");
}
