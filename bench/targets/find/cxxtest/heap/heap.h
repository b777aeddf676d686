// heap.h: planted bug for bench/find: a one-byte heap read past the end of
// a copy of the input, only for inputs that start with "HEAP". Nothing
// visible happens without AddressSanitizer; both engines build it with
// -fsanitize=address (cxxtest -asan, libFuzzer -fsanitize=address,fuzzer).
// Both harnesses (heap_test.cpp, ../../libfuzzer/heap.cc) call touch().
#pragma once

#include <cstring>
#include <string_view>

namespace heap_puzzle {

// Reads one byte past a heap copy of s when s starts with "HEAP"; returns
// the byte read (or 0) so that the read is not optimized away.
inline int touch(std::string_view s) {
  if (s.size() >= 4 && s[0] == 'H' && s[1] == 'E' && s[2] == 'A' && s[3] == 'P') {
    char* copy = new char[s.size()];
    std::memcpy(copy, s.data(), s.size());
    volatile char past = copy[s.size()];
    delete[] copy;
    return past;
  }
  return 0;
}

}  // namespace heap_puzzle
