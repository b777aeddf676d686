// libFuzzer harness of the allocating target (same call as FuzzWords).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "words/words.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto c = words::top({reinterpret_cast<const char*>(data), size});
  if (!c.empty() && c[0].n <= 0) abort();
  return 0;
}
