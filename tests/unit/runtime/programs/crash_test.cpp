// crash_test.cpp: tests that take the process down (signals, abort, exit,
// std::terminate, hangs). behaviour_test.cpp selects one with -test.run.
#include <cxxtest/cxxtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>

void TestFirst(cxxtest::T& t) { t.Log("first ran"); }

[[gnu::noinline]] void write_through(volatile int* p) { *p = 42; }

void TestSegv(cxxtest::T& t) {
  t.Log("about to crash");
  write_through(nullptr);
}

void TestSegvSub(cxxtest::T& t) {
  t.Log("parent");
  t.Run("inner", [](cxxtest::T&) { write_through(nullptr); });
}

void TestAbort(cxxtest::T&) { std::abort(); }

void TestExit(cxxtest::T&) { std::exit(3); }

void TestExitZero(cxxtest::T&) { std::exit(0); }

void TestThreadThrow(cxxtest::T&) {
  std::thread([] { throw std::logic_error("from a thread"); }).join();
}

void TestFatalInDestructor(cxxtest::T& t) {
  struct Guard {
    cxxtest::T& t;
    ~Guard() { t.Fatal("in destructor"); }
  };
  Guard g{t};
}

void TestHang(cxxtest::T&) { std::this_thread::sleep_for(std::chrono::seconds(30)); }

void TestSwallow(cxxtest::T& t) {
  try {
    t.Fatal("stop here");
  } catch (...) {
  }
  t.Log("kept going");
}

static const cxxtest::internal::TestEntry tests[] = {
    {"TestFirst", &TestFirst},
    {"TestSegv", &TestSegv},
    {"TestSegvSub", &TestSegvSub},
    {"TestAbort", &TestAbort},
    {"TestExit", &TestExit},
    {"TestExitZero", &TestExitZero},
    {"TestThreadThrow", &TestThreadThrow},
    {"TestFatalInDestructor", &TestFatalInDestructor},
    {"TestHang", &TestHang},
    {"TestSwallow", &TestSwallow},
};

int main(int argc, char** argv) {
  return cxxtest::internal::run_main(argc, argv, tests, sizeof tests / sizeof tests[0], nullptr, 0);
}
