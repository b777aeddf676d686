// libFuzzer harness of the magic8 puzzle (same check as FuzzMagic8).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "magic8/magic8.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (magic8_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
