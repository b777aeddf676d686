#include "boost_json/boost_json.h"

#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "seeds.h"

void TestBoostJsonRoundTrip(cxxtest::T& t) {
  if (int r = boost_json::run("[1, 2, ]"); r != 1) t.Errorf("run = %d, want 1 (relaxed only)", r);
}

// Never fails: a run measures how much of the library the engine reaches.
void FuzzBoostJson(cxxtest::F& f) {
  for (std::string_view s : realcode::json_seeds) f.Add(std::string(s));
  f.Fuzz([](cxxtest::T&, std::string_view in) { boost_json::run(in); });
}
