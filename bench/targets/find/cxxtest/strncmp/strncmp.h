// strncmp.h: planted bug for bench/find: strncmp of the first 10 characters against a literal.
// Both harnesses (strncmp_test.cpp, ../../libfuzzer/strncmp.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace strncmp_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  std::string buf(s);
  return std::strncmp(buf.c_str(), "strncmp:ok", 10) == 0;
}

}  // namespace strncmp_puzzle
