// libFuzzer harness of the magic2 puzzle (same check as FuzzMagic2).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "magic2/magic2.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (magic2_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
