// libFuzzer harness of the nested puzzle: the bytes split into the three
// arguments FuzzNested takes (a = bytes 0..3, b = bytes 4..11, s = rest).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "nested/nested.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  uint32_t a = 0;
  int64_t b = 0;
  if (size < sizeof a + sizeof b) return 0;
  std::memcpy(&a, data, sizeof a);
  std::memcpy(&b, data + sizeof a, sizeof b);
  const char* rest = reinterpret_cast<const char*>(data) + sizeof a + sizeof b;
  if (nested_puzzle::found(a, b, {rest, size - sizeof a - sizeof b})) abort();
  return 0;
}
