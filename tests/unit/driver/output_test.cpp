#include <doctest/doctest.h>

#include "driver/plan.h"
#include "driver/run_tests.h"

using namespace cxxtest::driver;

TEST_CASE("ok, FAIL and cached lines as go test prints them") {
  PackageRun run;
  run.import_path = "example.com/m/a";
  run.status = ExitStatus{0, 0};
  run.seconds = 0.0123;
  CHECK(format_result(run, "PASS\n", false) == "ok  \texample.com/m/a\t0.012s\n");
  CHECK(format_result(run, "=== RUN   TestA\n--- PASS: TestA (0.00s)\nPASS\n", true) ==
        "=== RUN   TestA\n--- PASS: TestA (0.00s)\nPASS\nok  \texample.com/m/a\t0.012s\n");
  CHECK(format_result(run, "testing: warning: no tests to run\nPASS\n", false) ==
        "ok  \texample.com/m/a\t0.012s [no tests to run]\n");
  run.cached = true;
  CHECK(format_result(run, "PASS\n", false) == "ok  \texample.com/m/a\t(cached)\n");
  run.cached = false;
  run.status = ExitStatus{1, 0};
  CHECK(format_result(run, "--- FAIL: TestA (0.00s)\n    a_test.cpp:3: bad\nFAIL\n", false) ==
        "--- FAIL: TestA (0.00s)\n    a_test.cpp:3: bad\nFAIL\nFAIL\texample.com/m/a\t0.012s\n");
  run.status = ExitStatus{3, 0};
  CHECK(format_result(run, "partial", false) == "partial\nexit status 3\nFAIL\texample.com/m/a\t0.012s\n");
}

TEST_CASE("package list mode: a passing package prints its ok line alone, a failing one everything") {
  PackageRun run;
  run.import_path = "example.com/m/a";
  run.status = ExitStatus{0, 0};
  run.seconds = 0.0123;
  CHECK(format_result(run, "library chatter\nPASS\n", false, Shown::Failures) ==
        "ok  \texample.com/m/a\t0.012s\n");
  CHECK(format_result(run, "library chatter\nPASS\n", false) ==
        "library chatter\nok  \texample.com/m/a\t0.012s\n");
  CHECK(format_result(run, "testing: warning: no tests to run\nPASS\n", false, Shown::Failures) ==
        "ok  \texample.com/m/a\t0.012s [no tests to run]\n");
  run.status = ExitStatus{1, 0};
  CHECK(format_result(run, "library chatter\n--- FAIL: TestA (0.00s)\nFAIL\n", false, Shown::Failures) ==
        "library chatter\n--- FAIL: TestA (0.00s)\nFAIL\nFAIL\texample.com/m/a\t0.012s\n");
}

TEST_CASE("the generated main lists tests and fuzz targets in order") {
  std::vector<TestFunc> funcs = {{false, "TestB", "x_test.cpp", 1, 6},
                                 {true, "FuzzA", "x_test.cpp", 5, 6},
                                 {false, "TestA", "x_test.cpp", 9, 6}};
  std::string m = generate_main(funcs);
  CHECK(m.find("void TestB(cxxtest::T&);\nvoid FuzzA(cxxtest::F&);\nvoid TestA(cxxtest::T&);") !=
        std::string::npos);
  CHECK(m.find("{\"TestB\", &TestB},\n  {\"TestA\", &TestA}") != std::string::npos);
  CHECK(m.find("run_main(argc, argv, cxxtest_tests, 2, cxxtest_fuzz_targets, 1)") != std::string::npos);
  CHECK(generate_main({}).find("run_main(argc, argv, nullptr, 0, nullptr, 0)") != std::string::npos);
}

TEST_CASE("benchmarks get a table of their own, registered before run_main with the import path") {
  TestFunc bench{false, "BenchmarkC", "x_test.cpp", 3, 6};
  bench.bench = true;
  std::string m = generate_main({{false, "TestA", "x_test.cpp", 1, 6}, bench}, "example.com/m/x");
  CHECK(m.find("void BenchmarkC(cxxtest::B&);") != std::string::npos);
  CHECK(m.find("cxxtest::internal::BenchmarkEntry cxxtest_benchmarks[] = {\n  {\"BenchmarkC\", "
               "&BenchmarkC},\n};") != std::string::npos);
  CHECK(m.find("set_benchmarks(cxxtest_benchmarks, 1, \"example.com/m/x\");\n  return "
               "cxxtest::internal::run_main(argc, argv, "
               "cxxtest_tests, 1, nullptr, 0)") != std::string::npos);
  CHECK(generate_main({{false, "TestA", "x_test.cpp", 1, 6}}).find("set_benchmarks") == std::string::npos);
}

#include "driver/json_events.h"

namespace {
// The event with its "Time" field removed, for exact comparison.
std::string untimed(const std::string& events) {
  std::string out;
  size_t start = 0;
  while (start < events.size()) {
    size_t end = events.find('\n', start);
    std::string e = events.substr(start, end - start);
    size_t t = e.find("\"Time\":\"");
    if (t != std::string::npos) e.erase(t, e.find("\",", t) + 2 - t);
    out += e + "\n";
    start = end + 1;
  }
  return out;
}
}  // namespace

TEST_CASE("-json events in the test2json format") {
  JsonEvents ev("example.com/m/a");
  CHECK(untimed(ev.line("=== RUN   TestA\n")) ==
        "{\"Action\":\"run\",\"Package\":\"example.com/m/a\",\"Test\":\"TestA\"}\n"
        "{\"Action\":\"output\",\"Package\":\"example.com/m/a\",\"Test\":\"TestA\",\"Output\":\"=== RUN   "
        "TestA\\n\"}\n");
  CHECK(untimed(ev.line("    a_test.cpp:3: said \"hi\"\tthere\n")) ==
        "{\"Action\":\"output\",\"Package\":\"example.com/m/a\",\"Test\":\"TestA\","
        "\"Output\":\"    a_test.cpp:3: said \\\"hi\\\"\\tthere\\n\"}\n");
  CHECK(untimed(ev.line("    --- FAIL: TestA/sub (0.25s)\n")) ==
        "{\"Action\":\"output\",\"Package\":\"example.com/m/a\",\"Test\":\"TestA/sub\","
        "\"Output\":\"    --- FAIL: TestA/sub (0.25s)\\n\"}\n");
  CHECK(untimed(ev.finish(false, 1.5)) ==
        "{\"Action\":\"fail\",\"Package\":\"example.com/m/a\",\"Test\":\"TestA/sub\",\"Elapsed\":0.25}\n"
        "{\"Action\":\"fail\",\"Package\":\"example.com/m/a\",\"Elapsed\":1.5}\n");
  CHECK(json_quote(std::string("\x01", 1)) == "\"\\u0001\"");
}

// The Action of each event line, in order.
std::string actions(const std::string& events) {
  std::string out;
  for (size_t at = events.find("\"Action\":\""); at != std::string::npos;
       at = events.find("\"Action\":\"", at + 1)) {
    size_t start = at + 10, end = events.find('"', start);
    size_t test = events.find("\"Test\":\"", at), eol = events.find('\n', at);
    std::string name = test < eol ? events.substr(test + 8, events.find('"', test + 8) - test - 8) : "";
    out += events.substr(start, end - start) + (name.empty() ? "" : " " + name) + ";";
  }
  return out;
}

TEST_CASE("-json: subtests end before their parent, and their output is theirs") {
  JsonEvents ev("p");
  std::string out = ev.line("=== RUN   TestX\n") + ev.line("=== RUN   TestX/a\n") +
                    ev.line("--- FAIL: TestX (0.00s)\n") + ev.line("    --- FAIL: TestX/a (0.00s)\n") +
                    ev.line("        x_test.cpp:4: bad\n") + ev.line("    --- PASS: TestX/b (0.00s)\n") +
                    ev.line("FAIL\n") + ev.finish(false, 0.1);
  CHECK(actions(out) ==
        "run TestX;output TestX;run TestX/a;output TestX/a;output TestX;output TestX/a;output TestX/a;"
        "fail TestX/a;output TestX/b;pass TestX/b;fail TestX;output;fail;");
}

TEST_CASE("-json: bytes that are not UTF-8 become U+FFFD; valid UTF-8 stays") {
  CHECK(json_quote("caf\xc3\xa9") == "\"caf\xc3\xa9\"");
  CHECK(json_quote("a\xff\xfe b") == "\"a\\ufffd\\ufffd b\"");
  CHECK(json_quote("\xe2\x82") == "\"\\ufffd\\ufffd\"");
  CHECK(json_quote("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");
}

TEST_CASE("-json with framing markers: only marked lines frame tests") {
  JsonEvents ev("p", Framing::Marked);
  std::string out = ev.line("\x16=== RUN   TestX\n") + ev.line("--- FAIL: TestFake (0.00s)\n") +
                    ev.line("=== RUN   TestGhost\n") + ev.line("\x16=== RUN   TestX/a\n") +
                    ev.line("    --- FAIL: TestX/fake (0.00s)\n") + ev.line("\x16--- PASS: TestX (0.00s)\n") +
                    ev.line("\x16    --- PASS: TestX/a (0.00s)\n") + ev.line("\x16PASS\n") +
                    ev.finish(true, 0.1);
  CHECK(actions(out) ==
        "run TestX;output TestX;output TestX;output TestX;run TestX/a;output TestX/a;output TestX/a;"
        "output TestX;output TestX/a;pass TestX/a;pass TestX;output;pass;");
  CHECK(out.find('\x16') == std::string::npos);
  CHECK(out.find("\"Output\":\"    --- PASS: TestX/a (0.00s)\\n\"") != std::string::npos);

  std::vector<std::string> args = {"-test.v=true", "-test.run=X", "-test.v"};
  ask_for_framing(args);
  CHECK(args == std::vector<std::string>{"-test.v=test2json", "-test.run=X"});
}
