// libFuzzer harness of the strncmp puzzle (same check as FuzzStrncmp).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "strncmp/strncmp.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (strncmp_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
