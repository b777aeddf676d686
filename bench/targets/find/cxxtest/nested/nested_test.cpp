#include <cxxtest/cxxtest.h>

#include <cstdint>
#include <string_view>

#include "nested/nested.h"

void FuzzNested(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, uint32_t a, int64_t b, std::string_view s) {
    if (nested_puzzle::found(a, b, s)) t.Fatalf("planted bug found");
  });
}
