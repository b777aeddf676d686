#include "rapid_json/rapid_json.h"

#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "seeds.h"

void TestRapidJsonWrites(cxxtest::T& t) {
  if (rapid_json::run("[1,2]") <= 0) t.Errorf("a valid document was not written");
}

// Never fails: a run measures how much of the library the engine reaches.
void FuzzRapidJson(cxxtest::F& f) {
  for (std::string_view s : realcode::json_seeds) f.Add(std::string(s));
  f.Fuzz([](cxxtest::T&, std::string_view in) { rapid_json::run(in); });
}
