// nested.h: planted bug for bench/find: nested conditions over three
// arguments (a range on a, b tied to a, a shape of s).
// cxxtest passes three fuzz arguments (nested_test.cpp); libFuzzer splits
// its bytes the same way: a = bytes 0..3, b = bytes 4..11, s = the rest
// (../../libfuzzer/nested.cc).
#pragma once

#include <cstdint>
#include <string_view>

namespace nested_puzzle {

// True for the arguments that trigger the planted bug.
inline bool found(uint32_t a, int64_t b, std::string_view s) {
  if (a > 100000 && a < 100100) {
    if (b == int64_t(a) * 7 - 3) {
      if (s.size() == 3 && s[0] == 'x' && s[2] == 'z') return true;
    }
  }
  return false;
}

}  // namespace nested_puzzle
