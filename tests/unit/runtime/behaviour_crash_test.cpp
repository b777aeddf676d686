// behaviour_crash_test.cpp: programs/crash_test.cpp: signals, abort,
// exit(), std::terminate and -test.timeout end the process with a report.
#include <doctest/doctest.h>

#include <string>

#include "harness.h"

using namespace cxxtest_test;

namespace {

// The last line of the output.
std::string last_line(const std::string& s) {
  size_t end = s.size() && s.back() == '\n' ? s.size() - 1 : s.size();
  size_t start = s.rfind('\n', end - 1);
  return s.substr(start == std::string::npos ? 0 : start + 1, end - (start + 1));
}

}  // namespace

TEST_CASE("SIGSEGV fails the running test with a symbolized stack and exits 2") {
  Run r = run("crash", {"-test.run=TestFirst|TestSegv$"});
  CHECK(r.code == 2);
  CHECK(r.out.rfind("--- FAIL: TestSegv (0.00s)\n"
                    "    crash_test.cpp:17: about to crash\n"
                    "    signal SIGSEGV: segmentation violation\n"
                    "        #0 0x",
                    0) == 0);
  CHECK(contains(r.out, " in write_through(int volatile*) "));
  CHECK(contains(r.out, " in TestSegv(cxxtest::T&) "));
  CHECK_FALSE(contains(r.out, "cxxtest::runtime::"));  // runner frames are cut
  CHECK(last_line(r.out) == "FAIL");
}

TEST_CASE("a crash in a subtest reports the parent chain") {
  Run r = run("crash", {"-test.run=TestSegvSub"});
  CHECK(r.code == 2);
  CHECK(r.out.rfind("--- FAIL: TestSegvSub (0.00s)\n"
                    "    crash_test.cpp:22: parent\n"
                    "    --- FAIL: TestSegvSub/inner (0.00s)\n"
                    "        signal SIGSEGV: segmentation violation\n",
                    0) == 0);
}

TEST_CASE("without a symbolizer the stack shows module offsets") {
  Run r = run("crash", {"-test.run=TestAbort"}, {"CXXTEST_SYMBOLIZER=/nonexistent"});
  CHECK(r.code == 2);
  CHECK(contains(r.out, "    signal SIGABRT: abort\n        #0 0x"));
  CHECK(contains(r.out, "/crash+0x"));
  Run failing = run("crash", {"-test.run=TestAbort"}, {"CXXTEST_SYMBOLIZER=/bin/false"});
  CHECK(failing.code == 2);
  CHECK(contains(failing.out, "/crash+0x"));
}

TEST_CASE("abort() is reported as SIGABRT") {
  Run r = run("crash", {"-test.run=TestAbort"});
  CHECK(r.code == 2);
  CHECK(r.out.rfind("--- FAIL: TestAbort (0.00s)\n    signal SIGABRT: abort\n", 0) == 0);
  CHECK(contains(r.out, " in TestAbort(cxxtest::T&) "));
}

TEST_CASE("exit() during a test is a failure, even exit(0)") {
  Run r = run("crash", {"-test.run=TestExit$"});
  CHECK(r.code == 1);
  CHECK(r.out == "--- FAIL: TestExit (0.00s)\n    test called exit(3) during the test\nFAIL\n");
  Run zero = run("crash", {"-test.run=TestExitZero"});
  CHECK(zero.code == 1);
  CHECK(contains(zero.out, "    test called exit(0) during the test\nFAIL\n"));
}

TEST_CASE("std::terminate from a thread the test started is reported") {
  Run r = run("crash", {"-test.run=TestThreadThrow"});
  CHECK(r.code == 2);
  CHECK(contains(r.out,
                 "--- FAIL: TestThreadThrow (0.00s)\n"
                 "    panic: std::terminate called after throwing std::logic_error: "
                 "from a thread\n"));
  CHECK(last_line(r.out) == "FAIL");
}

TEST_CASE("Fatal where the test cannot be stopped explains why") {
  Run r = run("crash", {"-test.run=TestFatalInDestructor"});
  CHECK(r.code == 2);
  CHECK(contains(r.out,
                 "    crash_test.cpp:39: in destructor\n"
                 "    panic: std::terminate called: FailNow, SkipNow, Fatal or Skip was "
                 "called where the test cannot be stopped"));
}

TEST_CASE("-test.timeout panics listing the running tests") {
  Run r = run("crash", {"-test.run=TestFirst|TestHang", "-test.timeout=300ms"});
  CHECK(r.code == 2);
  CHECK(r.out == "panic: test timed out after 300ms\nrunning tests:\n\tTestHang (0s)\n");
}

TEST_CASE("tests that finish in time are not affected by -test.timeout") {
  Run r = run("crash", {"-test.run=TestFirst", "-test.timeout=5s"});
  CHECK(r.code == 0);
  CHECK(r.out == "PASS\n");
}

TEST_CASE("a catch (...) that swallows Fatal is reported") {
  Run r = run("crash", {"-test.run=TestSwallow"});
  CHECK(r.code == 1);
  CHECK(contains(r.out, "    crash_test.cpp:48: stop here\n"));
  CHECK(contains(r.out,
                 "    crash_test.cpp:51: kept going\n"
                 "    panic: test continued after FailNow or SkipNow: the exception that "
                 "stops the test was caught by a catch (...) that did not rethrow it"));
}
