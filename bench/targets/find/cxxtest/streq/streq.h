// streq.h: planted bug for bench/find: std::string == a literal.
// Both harnesses (streq_test.cpp, ../../libfuzzer/streq.cc) call found().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace streq_puzzle {

// True for the inputs that trigger the planted bug.
inline bool found(std::string_view s) { return std::string(s) == "open sesame!"; }

}  // namespace streq_puzzle
