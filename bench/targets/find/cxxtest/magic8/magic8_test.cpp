#include <cxxtest/cxxtest.h>

#include <string_view>

#include "magic8/magic8.h"

void FuzzMagic8(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (magic8_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
