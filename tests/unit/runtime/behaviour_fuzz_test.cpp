// behaviour_fuzz_test.cpp: programs/fuzz_test.cpp in seed-corpus mode, run
// in fuzzpkg/ (whose testdata/fuzz/FuzzFiles holds good, fails, malformed,
// wrongtype and a subdirectory that must be ignored).
#include <doctest/doctest.h>

#include "harness.h"

using namespace cxxtest_test;

TEST_CASE("f.Add seeds run as subtests seed#N") {
  Run r = run("fuzz", {"-test.v", "-test.run=FuzzOK"});
  CHECK(r.code == 0);
  CHECK(r.out ==
        "=== RUN   FuzzOK\n"
        "=== RUN   FuzzOK/seed#0\n"
        "    fuzz_test.cpp:15: input abc 3\n"
        "=== RUN   FuzzOK/seed#1\n"
        "    fuzz_test.cpp:15: input de -1\n"
        "--- PASS: FuzzOK (0.00s)\n"
        "    --- PASS: FuzzOK/seed#0 (0.00s)\n"
        "    --- PASS: FuzzOK/seed#1 (0.00s)\n"
        "PASS\n");
}

TEST_CASE("f.Add entries must match the fuzz function's parameters") {
  Run r = run("fuzz", {"-test.run=FuzzMismatch|FuzzCount"});
  CHECK(r.code == 1);
  CHECK(r.out ==
        "--- FAIL: FuzzMismatch (0.00s)\n"
        "    fuzz_test.cpp:20: mismatched types in corpus entry: [std::string int], want "
        "[bytes int8_t]\n"
        "--- FAIL: FuzzCount (0.00s)\n"
        "    fuzz_test.cpp:25: wrong number of values in corpus entry: 1, want 2\n"
        "FAIL\n");
}

TEST_CASE("a string seed for a bytes parameter says what to pass; cxxtest::Bytes makes one") {
  Run r = run("fuzz", {"-test.run=FuzzStringForBytes|FuzzBytesHelper", "-test.v"});
  CHECK(r.code == 1);
  CHECK(r.out.find("    fuzz_test.cpp:81: mismatched types in corpus entry: [std::string], want [bytes]\n"
                   "        (a bytes parameter's seed is a std::vector<uint8_t>: "
                   "f.Add(cxxtest::Bytes(\"...\")))\n") != std::string::npos);
  CHECK(r.out.find("--- PASS: FuzzBytesHelper/seed#0") != std::string::npos);
}

TEST_CASE("misuse of F: no Fuzz call, Fuzz twice, F methods inside the fuzz function") {
  Run r = run("fuzz", {"-test.run=FuzzNoFuzz|FuzzTwice|FuzzMisuse"});
  CHECK(r.code == 1);
  CHECK(r.out ==
        "--- FAIL: FuzzNoFuzz (0.00s)\n"
        "    returned without calling F.Fuzz, F.Fail, or F.Skip\n"
        "--- FAIL: FuzzTwice (0.00s)\n"
        "    panic: testing: F.Fuzz called more than once\n"
        "--- FAIL: FuzzMisuse (0.00s)\n"
        "    --- FAIL: FuzzMisuse/seed#0 (0.00s)\n"
        "        panic: testing: f.Fatal was called inside the fuzz target, use t.Fatal "
        "instead\n"
        "FAIL\n");
  CHECK_FALSE(contains(r.out, "fatal here"));
}

TEST_CASE("f.Skip skips the fuzz test") {
  Run r = run("fuzz", {"-test.v", "-test.run=FuzzSkip"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "--- SKIP: FuzzSkip (0.00s)\n"));
}

TEST_CASE("a failing seed fails its subtest and the fuzz test") {
  Run r = run("fuzz", {"-test.run=FuzzSeedFail"});
  CHECK(r.code == 1);
  CHECK(r.out ==
        "--- FAIL: FuzzSeedFail (0.00s)\n"
        "    --- FAIL: FuzzSeedFail/seed#1 (0.00s)\n"
        "        fuzz_test.cpp:46: negative -2 b\n"
        "FAIL\n");
}

TEST_CASE("testdata files run sorted; bad files fail their own subtest") {
  Run r = run("fuzz", {"-test.v", "-test.run=FuzzFiles"});
  CHECK(r.code == 1);
  CHECK(r.out ==
        "=== RUN   FuzzFiles\n"
        "=== RUN   FuzzFiles/fails\n"
        "    fuzz_test.cpp:52: bad input bad\n"
        "=== RUN   FuzzFiles/good\n"
        "=== RUN   FuzzFiles/malformed\n"
        "    testdata/fuzz/FuzzFiles/malformed:2:27: unterminated string literal\n"
        "=== RUN   FuzzFiles/wrongtype\n"
        "    testdata/fuzz/FuzzFiles/wrongtype: mismatched types in corpus entry: [int], "
        "want [std::string]\n"
        "--- FAIL: FuzzFiles (0.00s)\n"
        "    --- FAIL: FuzzFiles/fails (0.00s)\n"
        "    --- PASS: FuzzFiles/good (0.00s)\n"
        "    --- FAIL: FuzzFiles/malformed (0.00s)\n"
        "    --- FAIL: FuzzFiles/wrongtype (0.00s)\n"
        "FAIL\n");
  CHECK_FALSE(contains(r.out, "subdir"));
}

TEST_CASE("-test.run=FuzzX/<file> runs one seed file") {
  Run good = run("fuzz", {"-test.v", "-test.run=FuzzFiles/good"});
  CHECK(good.code == 0);
  CHECK(good.out ==
        "=== RUN   FuzzFiles\n"
        "=== RUN   FuzzFiles/good\n"
        "--- PASS: FuzzFiles (0.00s)\n"
        "    --- PASS: FuzzFiles/good (0.00s)\n"
        "PASS\n");
  Run fails = run("fuzz", {"-test.run=/fails"});
  CHECK(fails.code == 1);
  CHECK(contains(fails.out, "--- FAIL: FuzzFiles/fails"));
  CHECK_FALSE(contains(fails.out, "good"));
}

TEST_CASE("a fuzz test with no matching input still counts as run") {
  Run r = run("fuzz", {"-test.v", "-test.run=FuzzFiles/nomatch"});
  CHECK(r.code == 0);
  CHECK(r.out == "=== RUN   FuzzFiles\n--- PASS: FuzzFiles (0.00s)\nPASS\n");
  CHECK(r.err.empty());
}

TEST_CASE("regular tests run before the fuzz tests") {
  Run r = run("fuzz", {"-test.v", "-test.run=TestPlain|FuzzOK"});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("=== RUN   TestPlain\n", 0) == 0);
  CHECK(r.out.find("TestPlain") < r.out.find("FuzzOK"));
}
