// magic4.h: planted bug for bench/find: a 4-byte magic number at offset 1.
// Both harnesses (magic4_test.cpp, ../../libfuzzer/magic4.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace magic4_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  uint32_t v;
  if (s.size() < 1 + sizeof v) return false;
  std::memcpy(&v, s.data() + 1, sizeof v);
  return v == 0xFEEDFACEu;
}

}  // namespace magic4_puzzle
