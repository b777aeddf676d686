// magic2.h: planted bug for bench/find: a 2-byte magic number at offset 0.
// Both harnesses (magic2_test.cpp, ../../libfuzzer/magic2.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace magic2_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  uint16_t v;
  if (s.size() < sizeof v) return false;
  std::memcpy(&v, s.data(), sizeof v);
  return v == 0xB1E5;
}

}  // namespace magic2_puzzle
