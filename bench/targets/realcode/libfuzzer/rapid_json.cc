// libFuzzer and AFL++ harness of the rapid_json target (the same call as its
// cxxtest fuzz function).
#include "rapid_json/rapid_json.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rapid_json::run({reinterpret_cast<const char*>(data), size});
  return 0;
}
