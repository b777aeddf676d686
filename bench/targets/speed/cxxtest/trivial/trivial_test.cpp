#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "trivial/trivial.h"

// The trivial target: never fails, so a run measures the engine.
void FuzzTrivial(cxxtest::F& f) {
  f.Add(std::string("a"));
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (trivial::first(s) < 0) t.Fatalf("negative byte");
  });
}
