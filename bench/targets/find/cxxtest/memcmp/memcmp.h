// memcmp.h: planted bug for bench/find: memcmp of the first 10 bytes against a literal.
// Both harnesses (memcmp_test.cpp, ../../libfuzzer/memcmp.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace memcmp_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) {
  return s.size() >= 10 && std::memcmp(s.data(), "MEMCMP-10!", 10) == 0;
}

}  // namespace memcmp_puzzle
