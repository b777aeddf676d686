// libFuzzer harness of the trivial target (same call as FuzzTrivial).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "trivial/trivial.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (trivial::first({reinterpret_cast<const char*>(data), size}) < 0) abort();
  return 0;
}
