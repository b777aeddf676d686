#include <cxxtest/cxxtest.h>

#include <string_view>

#include "streq/streq.h"

void FuzzStreq(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (streq_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
