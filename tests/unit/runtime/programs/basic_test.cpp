// basic_test.cpp: passing, failing, skipped tests, subtests, logs, cleanups,
// TempDir, Setenv, exceptions. Run by behaviour_test.cpp.
#include <cxxtest/cxxtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

void TestPass(cxxtest::T& t) { t.Log("hello", 42); }

void TestFail(cxxtest::T& t) {
  t.Errorf("got %d, want %s", 1, std::string("2"));
  t.Error("line one\nline two");
}

void TestSkip(cxxtest::T& t) { t.Skip("not today"); }

void TestFatal(cxxtest::T& t) {
  t.Fatalf("stop");
  std::printf("unreachable\n");
}

void TestSub(cxxtest::T& t) {
  t.Log("parent log");
  t.Run("a b", [](cxxtest::T& t) {
    t.Log("in a");
    t.Run("deep", [](cxxtest::T& t) { t.Error("deep failure"); });
  });
  bool ok = t.Run("a b", [](cxxtest::T& t) { t.Log("dup " + t.Name()); });
  if (!ok) t.Error("dup subtest reported failure");
  t.Run("", [](cxxtest::T&) {});
  t.Log("after");
}

void TestSubPass(cxxtest::T& t) {
  t.Run("x", [](cxxtest::T& t) { t.Log("x ran"); });
  t.Run("y", [](cxxtest::T& t) { t.Log("y ran"); });
}

void TestCleanup(cxxtest::T& t) {
  t.Cleanup([] { std::printf("cleanup 1\n"); });
  t.Cleanup([] { std::printf("cleanup 2\n"); });
  t.Run("sub", [](cxxtest::T& t) { t.Cleanup([] { std::printf("cleanup sub\n"); }); });
  std::printf("body done\n");
}

void TestTempDir(cxxtest::T& t) {
  std::string a = t.TempDir(), b = t.TempDir();
  if (a == b) t.Errorf("TempDir returned %s twice", a);
  std::FILE* f = std::fopen((a + "/file").c_str(), "w");
  if (!f) t.Fatalf("cannot create a file in %s", a);
  std::fclose(f);
  std::printf("tempdir %s\n", a.c_str());
}

void TestSetenv(cxxtest::T& t) {
  t.Setenv("CXXTEST_PROBE", "inside");
  if (std::string(std::getenv("CXXTEST_PROBE")) != "inside") t.Error("Setenv did not set");
}

void TestSetenvRestored(cxxtest::T&) {
  const char* v = std::getenv("CXXTEST_PROBE");
  std::printf("probe after: %s\n", v ? v : "(unset)");
}

void TestException(cxxtest::T&) { throw std::runtime_error("boom"); }

void TestAfterException(cxxtest::T& t) { t.Log("still running"); }

void TestShort(cxxtest::T& t) {
  if (cxxtest::Short()) t.Skip("short mode");
}

// What a subtest's function captured is destroyed before Run returns, as
// when each subtest had a thread that ended (test threads are reused).
// (Last in the file: the expected outputs name the lines above.)
// Counts its live copies; one destroyed on another thread dies slowly, so
// if that happened after Run returned, the test still sees it live.
struct Probe {
  std::atomic<int>* live;
  std::thread::id made_on = std::this_thread::get_id();
  explicit Probe(std::atomic<int>* l) : live(l) { ++*live; }
  Probe(const Probe& o) : live(o.live) { ++*live; }
  ~Probe() {
    if (std::this_thread::get_id() != made_on) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    --*live;
  }
};

void TestRunDropsCaptures(cxxtest::T& t) {
  std::atomic<int> live = 0;
  Probe probe(&live);
  t.Run("holds", [probe](cxxtest::T& t) { t.Log("copies of the probe:", probe.live->load()); });
  if (live != 1) t.Errorf("%d copies of the subtest's function outlived Run", live - 1);
}

static const cxxtest::internal::TestEntry tests[] = {
    {"TestPass", &TestPass},
    {"TestFail", &TestFail},
    {"TestSkip", &TestSkip},
    {"TestFatal", &TestFatal},
    {"TestSub", &TestSub},
    {"TestSubPass", &TestSubPass},
    {"TestCleanup", &TestCleanup},
    {"TestTempDir", &TestTempDir},
    {"TestSetenv", &TestSetenv},
    {"TestSetenvRestored", &TestSetenvRestored},
    {"TestException", &TestException},
    {"TestAfterException", &TestAfterException},
    {"TestShort", &TestShort},
    {"TestRunDropsCaptures", &TestRunDropsCaptures},
};

int main(int argc, char** argv) {
  return cxxtest::internal::run_main(argc, argv, tests, sizeof tests / sizeof tests[0], nullptr, 0);
}
