// libFuzzer and AFL++ harness of the fmt_lib target (the same call as its
// cxxtest fuzz function).
#include "fmt_lib/fmt_lib.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fmt_lib::run({reinterpret_cast<const char*>(data), size});
  return 0;
}
