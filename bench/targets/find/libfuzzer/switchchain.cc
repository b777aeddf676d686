// libFuzzer harness of the switchchain puzzle (same check as FuzzSwitchChain).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "switchchain/switchchain.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (switchchain_puzzle::found({reinterpret_cast<const char*>(data), size})) abort();
  return 0;
}
