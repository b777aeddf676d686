// libFuzzer harness of the parser target (same call as FuzzIni).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "ini/ini.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (ini::parse({reinterpret_cast<const char*>(data), size}).errors < 0) abort();
  return 0;
}
