// behaviour_basic_test.cpp: output and exit codes of programs/basic_test.cpp
// and programs/parallel_test.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "harness.h"

using namespace cxxtest_test;

namespace {

// `out` without the throw-site stacks under "panic: uncaught exception"
// lines (their addresses and paths vary), and how many there were.
std::string without_throw_sites(const std::string& out, int* sites) {
  std::string kept;
  bool in_site = false;
  *sites = 0;
  for (size_t start = 0; start < out.size();) {
    size_t end = out.find('\n', start);
    end = end == std::string::npos ? out.size() : end + 1;
    std::string line = out.substr(start, end - start);
    start = end;
    if (line == "        \n") continue;  // the blank line before "thrown at:"
    if (line == "        thrown at:\n") {
      in_site = true;
      ++*sites;
      continue;
    }
    if (in_site && line.rfind("        #", 0) == 0) continue;
    in_site = false;
    kept += line;
  }
  return kept;
}

}  // namespace

TEST_CASE("non-verbose run prints only failing tests, nested, then FAIL") {
  Run r = run("basic", {"-test.skip=TestTempDir"});
  CHECK(r.code == 1);
  int sites = 0;
  CHECK(without_throw_sites(r.out, &sites) ==
        "--- FAIL: TestFail (0.00s)\n"
        "    basic_test.cpp:16: got 1, want 2\n"
        "    basic_test.cpp:17: line one\n"
        "        line two\n"
        "--- FAIL: TestFatal (0.00s)\n"
        "    basic_test.cpp:23: stop\n"
        "--- FAIL: TestSub (0.00s)\n"
        "    basic_test.cpp:28: parent log\n"
        "    --- FAIL: TestSub/a_b (0.00s)\n"
        "        basic_test.cpp:30: in a\n"
        "        --- FAIL: TestSub/a_b/deep (0.00s)\n"
        "            basic_test.cpp:31: deep failure\n"
        "    basic_test.cpp:36: after\n"
        "cleanup sub\n"
        "body done\n"
        "cleanup 2\n"
        "cleanup 1\n"
        "probe after: (unset)\n"
        "--- FAIL: TestException (0.00s)\n"
        "    panic: uncaught exception std::runtime_error: boom\n"
        "FAIL\n");
  CHECK(sites == 1);
}

TEST_CASE("-test.v prints RUN, logs as they happen, and PASS/SKIP lines") {
  Run r = run("basic", {"-test.v", "-test.run=^(TestPass|TestSkip|TestSub)$"});
  CHECK(r.code == 1);
  CHECK(r.out ==
        "=== RUN   TestPass\n"
        "    basic_test.cpp:13: hello 42\n"
        "--- PASS: TestPass (0.00s)\n"
        "=== RUN   TestSkip\n"
        "    basic_test.cpp:20: not today\n"
        "--- SKIP: TestSkip (0.00s)\n"
        "=== RUN   TestSub\n"
        "    basic_test.cpp:28: parent log\n"
        "=== RUN   TestSub/a_b\n"
        "    basic_test.cpp:30: in a\n"
        "=== RUN   TestSub/a_b/deep\n"
        "    basic_test.cpp:31: deep failure\n"
        "=== RUN   TestSub/a_b#01\n"
        "    basic_test.cpp:33: dup TestSub/a_b#01\n"
        "=== RUN   TestSub/#00\n"
        "=== NAME  TestSub\n"
        "    basic_test.cpp:36: after\n"
        "--- FAIL: TestSub (0.00s)\n"
        "    --- FAIL: TestSub/a_b (0.00s)\n"
        "        --- FAIL: TestSub/a_b/deep (0.00s)\n"
        "    --- PASS: TestSub/a_b#01 (0.00s)\n"
        "    --- PASS: TestSub/#00 (0.00s)\n"
        "FAIL\n");
}

TEST_CASE("-test.run selects subtests level by level") {
  Run r = run("basic", {"-test.v", "-test.run=^TestSub$/a b$/deep"});
  CHECK(r.code == 1);
  CHECK(contains(r.out, "=== RUN   TestSub/a_b\n"));
  CHECK(contains(r.out, "=== RUN   TestSub/a_b/deep\n"));
  CHECK_FALSE(contains(r.out, "TestSub/a_b#01"));
  CHECK_FALSE(contains(r.out, "TestSubPass"));

  Run only_y = run("basic", {"-test.v", "-test.run=TestSubPass/y"});
  CHECK(only_y.code == 0);
  CHECK(contains(only_y.out, "=== RUN   TestSubPass/y\n"));
  CHECK_FALSE(contains(only_y.out, "TestSubPass/x"));
}

TEST_CASE("-test.skip skips a test when all its levels match") {
  Run r = run("basic", {"-test.run=TestSub$", "-test.skip=TestSub/a b$/deep"});
  CHECK(r.code == 0);
  CHECK(r.out == "PASS\n");

  Run top = run("basic", {"-test.v", "-test.run=TestPass|TestFail", "-test.skip=Fail"});
  CHECK(top.code == 0);
  CHECK_FALSE(contains(top.out, "TestFail"));
  CHECK(contains(top.out, "--- PASS: TestPass"));
}

TEST_CASE("no matching test warns on stderr and passes") {
  Run r = run("basic", {"-test.run=NoSuchTest"});
  CHECK(r.code == 0);
  CHECK(r.out == "PASS\n");
  CHECK(r.err == "testing: warning: no tests to run\n");
}

TEST_CASE("-test.count runs every test N times") {
  Run r = run("basic", {"-test.v", "-test.run=TestPass", "-test.count=3"});
  CHECK(r.code == 0);
  CHECK(count(r.out, "=== RUN   TestPass\n") == 3);
  CHECK(count(r.out, "--- PASS: TestPass (0.00s)\n") == 3);
}

TEST_CASE("-test.failfast stops after the first failure") {
  Run r = run("basic", {"-test.run=TestPass|TestFail|TestFatal", "-test.failfast"});
  CHECK(r.code == 1);
  CHECK(contains(r.out, "--- FAIL: TestFail"));
  CHECK_FALSE(contains(r.out, "TestFatal"));
  Run all = run("basic", {"-test.run=TestPass|TestFail|TestFatal"});
  CHECK(contains(all.out, "--- FAIL: TestFatal"));
}

TEST_CASE("a subtest's captures are gone when Run returns, on a reused thread too") {
  Run r = run("basic", {"-test.v", "-test.run=^(TestSubPass|TestRunDropsCaptures)$"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "--- PASS: TestRunDropsCaptures/holds"));
  CHECK(contains(r.out, "--- PASS: TestRunDropsCaptures ("));
}

TEST_CASE("-test.list prints matching top-level names and runs nothing") {
  Run r = run("basic", {"-test.list=Sub"});
  CHECK(r.code == 0);
  CHECK(r.out == "TestSub\nTestSubPass\n");
  Run f = run("fuzz", {"-test.list=."});
  CHECK(f.out ==
        "TestPlain\nFuzzOK\nFuzzMismatch\nFuzzCount\nFuzzNoFuzz\nFuzzTwice\nFuzzMisuse\n"
        "FuzzSkip\nFuzzSeedFail\nFuzzFiles\nFuzzStringForBytes\nFuzzBytesHelper\n");
}

TEST_CASE("cleanups run last-first, after subtests") {
  Run r = run("basic", {"-test.run=TestCleanup"});
  CHECK(r.code == 0);
  CHECK(r.out == "cleanup sub\nbody done\ncleanup 2\ncleanup 1\nPASS\n");
}

TEST_CASE("TempDir directories are removed after the test") {
  Run r = run("basic", {"-test.run=TestTempDir"});
  CHECK(r.code == 0);
  auto start = r.out.find("tempdir ");
  REQUIRE(start != std::string::npos);
  std::string dir = r.out.substr(start + 8, r.out.find('\n', start) - start - 8);
  CHECK(dir.size() > 4);
  CHECK(dir.substr(dir.size() - 4) == "/001");
  CHECK_FALSE(std::filesystem::exists(dir));
  CHECK_FALSE(std::filesystem::exists(std::filesystem::path(dir).parent_path()));
}

TEST_CASE("Setenv is undone after the test") {
  Run unset = run("basic", {"-test.run=TestSetenv"}, {"CXXTEST_PROBE="});
  CHECK(unset.code == 0);
  CHECK(contains(unset.out, "probe after: (unset)\n"));
  Run set = run("basic", {"-test.run=TestSetenv"}, {"CXXTEST_PROBE=orig"});
  CHECK(set.code == 0);
  CHECK(contains(set.out, "probe after: orig\n"));
}

TEST_CASE("an uncaught exception fails its test and the others keep running") {
  Run r = run("basic", {"-test.v", "-test.run=Exception"});
  CHECK(r.code == 1);
  int sites = 0;
  CHECK(without_throw_sites(r.out, &sites) ==
        "=== RUN   TestException\n"
        "    panic: uncaught exception std::runtime_error: boom\n"
        "--- FAIL: TestException (0.00s)\n"
        "=== RUN   TestAfterException\n"
        "    basic_test.cpp:72: still running\n"
        "--- PASS: TestAfterException (0.00s)\n"
        "FAIL\n");
  // The stack it was thrown from: the throw in the test, and no runner frame.
  CHECK(sites == 1);
  CHECK(contains(r.out, "        thrown at:\n        #0 0x"));
  CHECK(contains(r.out, " in TestException(cxxtest::T&) "));
  CHECK(!contains(r.out, "run_guarded"));
}

TEST_CASE("-test.short is visible as cxxtest::Short()") {
  CHECK(contains(run("basic", {"-test.v", "-test.run=TestShort", "-test.short"}).out, "--- SKIP: TestShort"));
  CHECK(contains(run("basic", {"-test.v", "-test.run=TestShort"}).out, "--- PASS: TestShort"));
}

TEST_CASE("-test.testlogfile lists the environment variables read, once each") {
  ScratchDir dir;
  std::string log = dir.path + "/testlog";
  Run r = run("basic", {"-test.run=TestSetenv", "-test.testlogfile=" + log});
  CHECK(r.code == 0);
  std::ifstream in(log);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(count(text, "getenv CXXTEST_PROBE\n") == 1);
}

TEST_CASE("parallel subtests wait for the parent body, run together, then cleanups") {
  Run r = run("parallel", {"-test.v", "-test.parallel=4"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "=== RUN   TestPair/a\n=== PAUSE TestPair/a\n"));
  CHECK(contains(r.out, "=== NAME  TestPair\n    parallel_test.cpp:40: parent body done\n"));
  CHECK(contains(r.out, "=== CONT  TestPair/a\n"));
  CHECK(contains(r.out, "=== PAUSE TestTopA\n=== CONT  TestTopA\n"));
  CHECK(r.out.substr(r.out.size() - 5) == "PASS\n");
}

TEST_CASE("-test.parallel bounds how many parallel tests run at once") {
  Run two = run("parallel", {"-test.run=TestBound", "-test.parallel=2"});
  CHECK(two.out == "max concurrent 2\nPASS\n");
  Run one = run("parallel", {"-test.run=TestPair", "-test.parallel=1"});
  CHECK(one.code == 1);
  CHECK(contains(one.out, "parallel subtests did not run concurrently"));
}
