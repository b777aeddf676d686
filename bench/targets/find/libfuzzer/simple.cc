// libFuzzer harness of the simple puzzle (same check as FuzzSimple).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "simple/simple.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (simple_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
