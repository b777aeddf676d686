// scratch.cpp: ScratchDir, and the doctest listener that tells it whether the
// current test case has failed.
#include "scratch.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

namespace cxxtest::testing {
namespace {

bool g_case_failed = false;

// Records failures of the running test case; prints nothing itself.
struct FailureListener : doctest::IReporter {
  explicit FailureListener(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override { g_case_failed = false; }
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override { g_case_failed = true; }
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData& ad) override { g_case_failed |= ad.m_failed; }
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("scratch", 1, FailureListener);

}  // namespace

ScratchDir::ScratchDir() {
  std::string tmpl = "/tmp/cxxtest-unit-XXXXXX";
  REQUIRE(mkdtemp(tmpl.data()) != nullptr);
  path_ = tmpl;
}

ScratchDir::~ScratchDir() {
  if (g_case_failed) {
    std::fprintf(stderr, "test failed: keeping scratch dir %s\n", path_.c_str());
    return;
  }
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace cxxtest::testing
