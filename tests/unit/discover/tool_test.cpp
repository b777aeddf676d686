// Runs the built cxxtest-discover on fixtures/ and checks its exact output.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "run_tool.h"

namespace cxxtest::discover::testing {
namespace {

using Lines = std::vector<std::string>;

std::string item(const std::string& tag, const std::string& file, int line, int col,
                 const std::string& text) {
  return tag + "\t" + file + "\t" + std::to_string(line) + "\t" + std::to_string(col) + "\t" + text;
}

std::string wrong(const std::string& file, int line, int col, const std::string& name) {
  std::string param = name.starts_with("Test") ? "cxxtest::T& t" : "cxxtest::F& f";
  return item("error", file, line, col,
              "wrong signature for " + name + ", must be: void " + name + "(" + param + ")");
}

std::string not_external(const std::string& file, int line, int col, const std::string& name) {
  return item("error", file, line, col,
              name + " must have external linkage (remove 'static' or the anonymous namespace)");
}

std::string not_template(const std::string& file, int line, int col, const std::string& name) {
  return item("error", file, line, col, name + " must not be a template");
}

const Lines kHeaderUser = {
    item("test", "header_user_test.cpp", 9, 6, "TestWithRealHeader"),
    item("fuzz", "header_user_test.cpp", 10, 6, "FuzzWithRealHeader"),
    not_external("header_user_test.cpp", 11, 13, "TestStaticWithRealHeader"),
};

}  // namespace

TEST_CASE("valid tests and fuzz targets, in declaration order") {
  // Not reported: Testing, Fuzzy, the declaration without a body, functions
  // in a named namespace or a class, helper(), and TestInHeader (helpers.h).
  const std::string f = "valid_test.cpp";
  ToolRun run = discover({f});
  CHECK(run.exit_code == 0);
  CHECK(run.err == "");
  CHECK(run.lines ==
        Lines{
            item("test", f, 6, 6, "TestAlpha"),
            item("fuzz", f, 7, 6, "FuzzBeta"),
            item("test", f, 8, 6, "Test"),
            item("test", f, 9, 6, "Test_x"),
            item("test", f, 10, 6, "Test2"),
            item("error", f, 16, 6,
                 "TestInNamespace is in namespace inner: cxxtest runs only functions at global scope "
                 "(move it out of the namespace)"),
            item("test", f, 23, 6, "TestThroughAlias"),
            item("test", f, 25, 6, "TestInLinkageBlock"),
            item("test", f, 28, 1, "TestFromMacro"),
            item("fuzz", f, 29, 6, "Fuzz"),
            item("test", f, 30, 6, "TestLast"),
        });
}

TEST_CASE("each malformed Test/Fuzz is one error line at its name") {
  // TestDeleted (= delete) is skipped: there is nothing to run.
  const std::string f = "invalid_test.cpp";
  ToolRun run = discover({f});
  CHECK(run.exit_code == 0);
  CHECK(run.lines ==
        Lines{
            wrong(f, 8, 5, "TestReturnsInt"),
            wrong(f, 9, 6, "TestByValue"),
            wrong(f, 10, 6, "TestConstRef"),
            wrong(f, 11, 6, "TestPointer"),
            wrong(f, 12, 6, "TestTwoParams"),
            wrong(f, 13, 6, "TestTakesF"),
            wrong(f, 14, 6, "FuzzTakesT"),
            wrong(f, 15, 6, "TestNoParams"),
            wrong(f, 16, 6, "TestRvalue"),
            wrong(f, 17, 6, "TestOtherT"),
            wrong(f, 18, 6, "TestDefaultArg"),
            wrong(f, 19, 6, "TestVariadic"),
            wrong(f, 20, 16, "TestConstexpr"),
            wrong(f, 21, 13, "TestInline"),
            not_external(f, 22, 13, "TestStatic"),
            not_external(f, 24, 6, "TestAnonymous"),
            not_template(f, 27, 6, "TestTemplate"),
            not_template(f, 28, 6, "TestAbbreviated"),
            item("error", f, 29, 17, "TestExternC must have C++ language linkage (remove extern \"C\")"),
            not_external(f, 32, 6, "TestStaticFirst"),
            item("test", f, 33, 6, "TestGood"),
        });
}

TEST_CASE("member functions are neither tests nor errors, GoogleTest's TestBody included") {
  // Methods named TestXxx/FuzzXxx in and out of line, of any shape, static,
  // const, templates and members of class templates; TEST(...) expansions
  // (the real <gtest/gtest.h> when installed, else the fixture's reduced one).
  const std::string f = "methods_test.cpp";
  ToolRun run = discover({f});
  CHECK(run.exit_code == 0);
  CHECK(run.err == "");
  CHECK(run.lines == Lines{
                         item("test", f, 50, 6, "TestFree"),
                         item("test", f, 60, 6, "TestLast"),
                     });
}

TEST_CASE("a file with compile errors still lists the functions that parsed") {
  // TestUnknownType's parameter type does not resolve: it is reported as a
  // test so that the real compile shows the real error.
  const std::string f = "broken_test.cc";
  ToolRun run = discover({f});
  CHECK(run.exit_code == 0);
  CHECK(run.err == "");
  CHECK(run.lines == Lines{
                         item("test", f, 4, 6, "TestBeforeError"),
                         item("test", f, 8, 6, "TestBodyHasError"),
                         item("test", f, 10, 6, "TestUnknownType"),
                         item("fuzz", f, 14, 6, "FuzzAfterError"),
                     });
}

TEST_CASE("several files in one run, in command-line order, each named as given") {
  std::string absolute = DISCOVER_FIXTURES "/header_user_test.cpp";
  ToolRun run = discover({"./header_user_test.cpp", "broken_test.cc", absolute});
  CHECK(run.exit_code == 0);
  REQUIRE(run.lines.size() == 3 + 4 + 3);
  CHECK(run.lines[0] == item("test", "./header_user_test.cpp", 9, 6, "TestWithRealHeader"));
  CHECK(run.lines[3] == item("test", "broken_test.cc", 4, 6, "TestBeforeError"));
  CHECK(run.lines[9] == not_external(absolute, 11, 13, "TestStaticWithRealHeader"));
}

TEST_CASE("<string>, <vector>, <map> parse with clang++, g++ or no compiler at all") {
  // A missing resource dir would make <stddef.h> fatal and hide every test.
  for (const char* compiler : {"clang++", "g++", "/nonexistent/c++"}) {
    CAPTURE(compiler);
    ToolRun run = discover({"header_user_test.cpp"}, DISCOVER_FIXTURES "/include", compiler);
    CHECK(run.exit_code == 0);
    CHECK(run.lines == kHeaderUser);
  }
}

TEST_CASE("the real public header cxxtest/cxxtest.h") {
  std::filesystem::path header = CXXTEST_PUBLIC_INCLUDE "/cxxtest/cxxtest.h";
  if (!std::filesystem::exists(header)) {
    MESSAGE("runtime/include/cxxtest/cxxtest.h does not exist yet: checked the stub only");
    CHECK(discover({"header_user_test.cpp"}).lines == kHeaderUser);
    return;
  }
  ToolRun run = discover({"header_user_test.cpp"}, CXXTEST_PUBLIC_INCLUDE);
  CHECK(run.exit_code == 0);
  CHECK(run.lines == kHeaderUser);
}

TEST_CASE("a missing file is exit 2 with a message and no output") {
  ToolRun run = discover({"valid_test.cpp", "missing_test.cpp"});
  CHECK(run.exit_code == 2);
  CHECK(run.lines.empty());
  CHECK(run.err == "cxxtest-discover: cannot read missing_test.cpp: No such file or directory\n");
}

TEST_CASE("usage errors are exit 2") {
  for (Lines argv : {Lines{"valid_test.cpp"}, Lines{"--", "clang++"}, Lines{"valid_test.cpp", "--"},
                     Lines{"-h", "valid_test.cpp", "--", "clang++"}}) {
    ToolRun run = run_tool(argv);
    CHECK(run.exit_code == 2);
    CHECK(run.lines.empty());
    CHECK(run.err.starts_with("cxxtest-discover: "));
  }
}

TEST_CASE("flags the compiler driver rejects are exit 2, naming the file") {
  ToolRun run = run_tool({"valid_test.cpp", "--", "clang++", "--target=no-such-triple"});
  CHECK(run.exit_code == 2);
  CHECK(run.err.starts_with("cxxtest-discover: cannot parse valid_test.cpp with the given flags: "));
}

}  // namespace cxxtest::discover::testing
