// libFuzzer and AFL++ harness of the nlohmann_json target (the same call as its
// cxxtest fuzz function).
#include "nlohmann_json/nlohmann_json.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann_json::run({reinterpret_cast<const char*>(data), size});
  return 0;
}
