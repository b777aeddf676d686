#include <cxxtest/cxxtest.h>

#include <string_view>

#include "strcmp/strcmp.h"

void FuzzStrcmp(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (strcmp_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
