// strcmp.h: planted bug for bench/find: strcmp of the NUL-terminated input against a literal.
// Both harnesses (strcmp_test.cpp, ../../libfuzzer/strcmp.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace strcmp_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  std::string buf(s);
  return std::strcmp(buf.c_str(), "FUZZ-STRCMP") == 0;
}

}  // namespace strcmp_puzzle
