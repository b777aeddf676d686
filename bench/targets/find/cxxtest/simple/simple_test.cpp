#include <cxxtest/cxxtest.h>

#include <string_view>

#include "simple/simple.h"

void FuzzSimple(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (simple_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
