#include <cxxtest/cxxtest.h>

#include <string_view>

#include "strncmp/strncmp.h"

void FuzzStrncmp(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (strncmp_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
