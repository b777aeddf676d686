// libFuzzer harness of the heap puzzle (same call as FuzzHeap); built with
// -fsanitize=address,fuzzer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "heap/heap.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (heap_puzzle::touch({reinterpret_cast<const char*>(data), size}) == 1000) abort();
  return 0;
}
