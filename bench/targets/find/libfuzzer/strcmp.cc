// libFuzzer harness of the strcmp puzzle (same check as FuzzStrcmp).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "strcmp/strcmp.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (strcmp_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
