// switchchain.h: planted bug for bench/find: a chain of three switch
// statements over successive 4-byte words, each with several cases; only one
// path of cases reaches the bug.
// Both harnesses (switchchain_test.cpp, ../../libfuzzer/switchchain.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace switchchain_puzzle {

inline uint32_t word(std::string_view s, size_t i) {
  uint32_t v = 0;
  std::memcpy(&v, s.data() + 4 * i, sizeof v);
  return v;
}

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  if (s.size() < 12) return false;
  int step = 0;
  switch (word(s, 0)) {
    case 0x11111111: step = 10; break;
    case 0x2a2a2a2a: step = 1; break;
    case 0x00c0ffee: step = 20; break;
    default: return false;
  }
  if (step != 1) return false;
  switch (word(s, 1)) {
    case 7: step = 30; break;
    case 0xdeadbeef: step = 2; break;
    case 0x01000000: step = 40; break;
    default: return false;
  }
  if (step != 2) return false;
  switch (word(s, 2)) {
    case 12345: return false;
    case 0x5eed5eed: return true;
    case 0xffff0000: return false;
    default: return false;
  }
}

}  // namespace switchchain_puzzle
