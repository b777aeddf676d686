// budget_test.cpp: minimization budgets by count and time (fuzz/budget.h).
#include "fuzz/minimize.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

using cxxtest::Value;
using namespace cxxtest::fuzz;

namespace {

// Calls minimize() makes on a 100-byte value whose candidates never
// qualify (so every stage runs: thousands of calls without a budget).
int calls_made(Budget& budget) {
  std::vector<Value> args = {Value::of(std::string(100, 'x'))};
  int calls = 0;
  minimize(
      args, [&](const std::vector<Value>&) { return ++calls, false; }, budget);
  return calls;
}

}  // namespace

TEST_CASE("A count budget allows exactly that many calls (-fuzzminimizetime=3x)") {
  for (int64_t n : {1, 3, 17}) {
    Budget b = Budget::from_flag(0, n);
    CHECK(calls_made(b) == n);
    CHECK(b.used() == n);
  }
}

TEST_CASE("A zero budget disables minimizing (0s, 0x)") {
  for (Budget b : {Budget::from_flag(0, 0), Budget::calls(0), Budget::time(std::chrono::seconds(0))}) {
    CHECK(b.disabled());
    CHECK(calls_made(b) == 0);
    CHECK_FALSE(b.take());
  }
  std::vector<Value> args = {Value::of(std::string(10, 'x'))};
  Budget off = Budget::calls(0);
  CHECK_FALSE(minimize(
      args, [](const std::vector<Value>&) { return true; }, off));
  CHECK(args[0].bytes == std::string(10, 'x'));
}

TEST_CASE("A count shared with the re-check: take() before it counts too") {
  Budget b = Budget::calls(3);
  CHECK(b.take());  // the worker's re-check of the original input
  CHECK(calls_made(b) == 2);
}

TEST_CASE("cap_calls lowers the limit, never raises it") {
  Budget b = Budget::unlimited();
  b.cap_calls(4);
  CHECK(calls_made(b) == 4);
  Budget c = Budget::calls(2);
  c.cap_calls(10);
  CHECK(calls_made(c) == 2);
}

TEST_CASE("A time budget stops the job") {
  Budget b = Budget::from_flag(20'000'000, 0);  // 20ms
  CHECK_FALSE(b.disabled());
  std::vector<Value> args = {Value::of(std::string(100, 'x'))};
  auto start = std::chrono::steady_clock::now();
  minimize(
      args,
      [](const std::vector<Value>&) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        return false;
      },
      b);
  auto took = std::chrono::steady_clock::now() - start;
  CHECK(b.used() >= 1);
  CHECK(b.used() <= 15);
  CHECK(took < std::chrono::milliseconds(500));
}

TEST_CASE("stop() from inside the predicate ends the job at once") {
  Budget b = Budget::unlimited();
  std::vector<Value> args = {Value::of(std::string(100, 'x'))};
  int calls = 0;
  minimize(
      args,
      [&](const std::vector<Value>&) {
        if (++calls == 5) b.stop();
        return false;
      },
      b);
  CHECK(calls == 5);
  CHECK(args[0].bytes == std::string(100, 'x'));
}
