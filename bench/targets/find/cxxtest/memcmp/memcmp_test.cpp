#include <cxxtest/cxxtest.h>

#include <string_view>

#include "memcmp/memcmp.h"

void FuzzMemcmp(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (memcmp_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
