// -cover's pieces that need no toolchain: the ok line's shapes (Go's), the
// lcov profile's merge and text, and the HTML report's rows.
#include <doctest/doctest.h>

#include "driver/cover_command.h"
#include "driver/cover_profile.h"
#include "driver/run_tests.h"

using namespace cxxtest::driver;

TEST_CASE("-cover's line goes into the ok line, after PASS under -v and before a failure's FAIL line") {
  PackageRun run;
  run.import_path = "example.com/m/a";
  run.status = ExitStatus{0, 0};
  run.seconds = 0.0123;
  run.cover = true;
  const std::string cov = "coverage: 66.7% of statements\n";
  CHECK(format_result(run, "PASS\n" + cov, false) ==
        "ok  \texample.com/m/a\t0.012s\tcoverage: 66.7% of statements\n");
  CHECK(format_result(run, "--- PASS: TestA (0.00s)\nPASS\n" + cov, true) ==
        "--- PASS: TestA (0.00s)\nPASS\n" + cov +
            "ok  \texample.com/m/a\t0.012s\tcoverage: 66.7% of statements\n");
  CHECK(
      format_result(run, "testing: warning: no tests to run\nPASS\ncoverage: 0.0% of statements\n", false) ==
      "ok  \texample.com/m/a\t0.012s\tcoverage: 0.0% of statements [no tests to run]\n");
  run.cached = true;
  CHECK(format_result(run, "PASS\ncoverage: [no statements]\n", false) ==
        "ok  \texample.com/m/a\t(cached)\tcoverage: [no statements]\n");
  run.cached = false;
  run.status = ExitStatus{1, 0};
  CHECK(format_result(run, "--- FAIL: TestA (0.00s)\nFAIL\n" + cov, false) ==
        "--- FAIL: TestA (0.00s)\nFAIL\n" + cov + "FAIL\texample.com/m/a\t0.012s\n");
  run.cover = false;  // without -cover a test's own "coverage:" line is just output
  run.status = ExitStatus{0, 0};
  CHECK(format_result(run, "coverage: mine\nPASS\n", false) ==
        "coverage: mine\nok  \texample.com/m/a\t0.012s\n");
}

TEST_CASE("lcov profiles merge by adding counts and print canonically") {
  CoverProfile p;
  REQUIRE(merge_lcov(
      "SF:/m/a.cpp\nFN:3,_Z1fv\nFNDA:2,_Z1fv\nDA:3,2\nDA:4,0\nBRDA:4,0,0,1\nLF:2\nLH:1\nend_of_record\n",
      "one", p));
  REQUIRE(
      merge_lcov("TN:\nSF:/m/a.cpp\nFN:3,_Z1fv\nFNDA:1,_Z1fv\nDA:4,5\nend_of_record\nSF:/m/"
                 "b.cpp\nDA:1,0\nend_of_record\n",
                 "two", p));
  CHECK(p["/m/a.cpp"].lines == std::map<int, uint64_t>{{3, 2}, {4, 5}});
  CHECK(format_lcov(p) ==
        "SF:/m/a.cpp\nFN:3,_Z1fv\nFNDA:3,_Z1fv\nFNF:1\nFNH:1\nDA:3,2\nDA:4,5\nLF:2\nLH:2\nend_of_record\n"
        "SF:/m/b.cpp\nFNF:0\nFNH:0\nDA:1,0\nLF:1\nLH:0\nend_of_record\n");
  CoverProfile again;
  REQUIRE(merge_lcov(format_lcov(p), "again", again));
  CHECK(format_lcov(again) == format_lcov(p));
}

TEST_CASE("a malformed profile is an error naming the file and line") {
  CoverProfile p;
  auto outside = merge_lcov("TN:\nDA:1,1\n", "c.out", p);
  REQUIRE_FALSE(outside);
  CHECK(outside.error() == "c.out:2: DA record outside SF: ... end_of_record");
  auto bad = merge_lcov("SF:/a.cpp\nDA:x,1\n", "c.out", p);
  REQUIRE_FALSE(bad);
  CHECK(bad.error() == "c.out:2: malformed DA record \"x,1\"");
}

TEST_CASE("the HTML report marks counted lines and keeps the rest as plain source") {
  CoverProfile p;
  p["/nonexistent/x.cpp"].lines = {{2, 3}, {4, 0}};
  std::string html = render_html(p, "/nonexistent");
  CHECK(html.find("<option value=\"file0\">x.cpp (50.0%)</option>") != std::string::npos);
  CHECK(html.find("cannot read /nonexistent/x.cpp") != std::string::npos);
  CHECK(html.find("<tr class=\"hit\" data-line=\"2\" data-count=\"3\">") != std::string::npos);
  CHECK(html.find("<tr class=\"miss\" data-line=\"4\" data-count=\"0\">") != std::string::npos);
  CHECK(html.find("data-line=\"3\"") == std::string::npos);
}
