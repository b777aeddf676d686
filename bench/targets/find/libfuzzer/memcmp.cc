// libFuzzer harness of the memcmp puzzle (same check as FuzzMemcmp).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "memcmp/memcmp.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (memcmp_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
