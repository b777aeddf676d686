// magic8.h: planted bug for bench/find: an 8-byte magic number at offset 2.
// Both harnesses (magic8_test.cpp, ../../libfuzzer/magic8.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace magic8_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  uint64_t v;
  if (s.size() < 2 + sizeof v) return false;
  std::memcpy(&v, s.data() + 2, sizeof v);
  return v == 0x0123456789ABCDEFull;
}

}  // namespace magic8_puzzle
