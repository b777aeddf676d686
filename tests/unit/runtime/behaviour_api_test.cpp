// behaviour_api_test.cpp: programs/api_test.cpp, the call forms of T, F and TB.
#include <doctest/doctest.h>

#include "harness.h"

using namespace cxxtest_test;

TEST_CASE("Log/Logf forms format like Go's Println/Printf") {
  Run r = run("api", {"-test.v", "-test.run=TestForms", "-test.timeout=0"});
  CHECK(r.code == 0);
  CHECK(r.out ==
        "=== RUN   TestForms\n"
        "    api_test.cpp:26: \n"
        "    api_test.cpp:27: words 1 2.5 true c sv (1,2)\n"
        "    api_test.cpp:28: lit|str|view|-3|7|0.2|z|(nil)\n"
        "    api_test.cpp:32: mutable cptr -9223372036854775808 4\n"
        "    api_test.cpp:33: no args\n"
        "    api_test.cpp:35: TestForms\n"
        "    api_test.cpp:39: deadline set: no\n"
        "--- PASS: TestForms (0.00s)\n"
        "PASS\n");
  Run with_deadline = run("api", {"-test.v", "-test.run=TestForms"});
  CHECK(contains(with_deadline.out, "deadline set: yes"));
}

TEST_CASE("Error, Fail, FailNow, SkipNow and helpers taking TB&") {
  Run r = run("api", {"-test.run=TestHelperFails|TestErrorForms|TestSkipNow|TestFailNow"});
  CHECK(r.code == 1);
  CHECK(r.out ==
        "--- FAIL: TestHelperFails (0.00s)\n"
        "    api_test.cpp:20: -1 is not positive\n"
        "--- FAIL: TestErrorForms (0.00s)\n"
        "    api_test.cpp:45: \n"
        "    api_test.cpp:46: a 1\n"
        "    api_test.cpp:48: failed: true\n"
        "--- FAIL: TestFailNow (0.00s)\n"
        "    api_test.cpp:57: cleanup sees failed: true\n"
        "FAIL\n");
}

TEST_CASE("F::Fuzz takes a function pointer; F works with TB& helpers") {
  Run r = run("api", {"-test.v", "-test.run=FuzzPointer"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "=== RUN   FuzzPointer/seed#0\n    api_test.cpp:65: 2 7 x\n"));
}
