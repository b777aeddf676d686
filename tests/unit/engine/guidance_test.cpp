// guidance_test.cpp: which byte comparisons the compare tables keep
// (engine/worker/guidance.h).
#include "engine/worker/guidance.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "intercept/compare_hooks.h"

using cxxtest::runtime::engine::Guidance;

namespace {

bool has_token(const Guidance& g, const std::string& t) {
  const auto* tokens = g.tokens();
  return std::find(tokens->begin(), tokens->end(), t) != tokens->end();
}

}  // namespace

TEST_CASE("compares against the process's environment are not learned; the input's are") {
  // As getenv compares a name with each entry: the entry, never the input.
  setenv("CXXTEST_GUIDANCE_TEST_SECRET", "hunter2", 1);  // before recording starts, as a worker's environment
  const char* entry = nullptr;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "CXXTEST_GUIDANCE_TEST_SECRET=", 29) == 0) entry = *e;
  REQUIRE(entry != nullptr);
  Guidance g({}, true);
  g.start_recording();
  REQUIRE(bool(cxxtest::intercept::bytes_hook));
  Guidance::input_started();
  const std::string name = "CXXTEST_GUIDANCE_TEST_SECRET";
  cxxtest::intercept::bytes_hook(0x1000, reinterpret_cast<const uint8_t*>(entry), name.size(),
                                 reinterpret_cast<const uint8_t*>(name.data()), name.size());
  const std::string input = "inputbytes", wanted = "MAGICWORD!";
  cxxtest::intercept::bytes_hook(0x2000, reinterpret_cast<const uint8_t*>(input.data()), input.size(),
                                 reinterpret_cast<const uint8_t*>(wanted.data()), wanted.size());
  Guidance::input_ended();
  g.refresh();
  CHECK(has_token(g, "MAGICWORD!"));
  CHECK(has_token(g, "inputbytes"));
  CHECK_FALSE(has_token(g, name));  // neither operand of the environment's compare
  cxxtest::intercept::bytes_hook = nullptr;
  unsetenv("CXXTEST_GUIDANCE_TEST_SECRET");
}
