#include <cxxtest/cxxtest.h>

#include <string_view>

#include "magic2/magic2.h"

void FuzzMagic2(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (magic2_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
