// simple.h: planted bug for bench/find: three bytes "Hi!", one nested if per byte.
// Both harnesses (simple_test.cpp, ../../libfuzzer/simple.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace simple_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  if (s.size() >= 3 && s[0] == 'H')
    if (s[1] == 'i')
      if (s[2] == '!') return true;
  return false;
}

}  // namespace simple_puzzle
