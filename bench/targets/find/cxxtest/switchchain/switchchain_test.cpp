#include <cxxtest/cxxtest.h>

#include <string_view>

#include "switchchain/switchchain.h"

void FuzzSwitchChain(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (switchchain_puzzle::found(s)) t.Fatalf("planted bug found");
  });
}
