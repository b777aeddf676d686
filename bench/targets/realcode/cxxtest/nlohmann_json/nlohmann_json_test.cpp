#include "nlohmann_json/nlohmann_json.h"

#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "seeds.h"

void TestNlohmannRoundTrip(cxxtest::T& t) {
  if (nlohmann_json::run(R"({"a": [1, true]})") != 1) t.Errorf("a valid document did not round-trip");
}

// Never fails: a run measures how much of the library the engine reaches.
void FuzzNlohmannJson(cxxtest::F& f) {
  for (std::string_view s : realcode::json_seeds) f.Add(std::string(s));
  f.Fuzz([](cxxtest::T&, std::string_view in) { nlohmann_json::run(in); });
}
