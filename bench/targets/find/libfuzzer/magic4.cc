// libFuzzer harness of the magic4 puzzle (same check as FuzzMagic4).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "magic4/magic4.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (magic4_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
