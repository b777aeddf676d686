// libFuzzer and AFL++ harness of the boost_json target (the same call as its
// cxxtest fuzz function).
#include "boost_json/boost_json.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  boost_json::run({reinterpret_cast<const char*>(data), size});
  return 0;
}
