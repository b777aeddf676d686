// testing/libfuzzer_harness.cpp: LLVMFuzzerInitialize for cxxtest/libfuzzer.h.
#include <mutex>
#include <string>

#include <cxxtest/libfuzzer.h>

#include "crash/symbolize.h"

namespace cxxtest::internal {

using runtime::executable_path;

void initialize_libfuzzer_harness(int (*initialize)(int*, char***)) {
  static std::once_flag once;
  std::call_once(once, [initialize] {
    if (!initialize) return;
    // As libFuzzer passes its own argv: harnesses read argv[0] to find
    // files beside the binary. Static: a harness may keep the pointers. A
    // copy of init_symbolizer's path: a harness may write to its argv too.
    static std::string path = executable_path();
    static char* args[] = {path.data(), nullptr};
    static int argc = 1;
    static char** argv = args;
    initialize(&argc, &argv);
  });
}

}  // namespace cxxtest::internal
