#include <cxxtest/cxxtest.h>

#include <string_view>

#include "magic4/magic4.h"

void FuzzMagic4(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (magic4_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
