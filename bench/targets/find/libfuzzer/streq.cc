// libFuzzer harness of the streq puzzle (same check as FuzzStreq).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "streq/streq.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (streq_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
