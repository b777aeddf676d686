// testing/libfuzzer_harness.cpp: LLVMFuzzerInitialize for cxxtest/libfuzzer.h.
#include <unistd.h>

#include <mutex>

#include <cxxtest/libfuzzer.h>

namespace cxxtest::internal {

void initialize_libfuzzer_harness(int (*initialize)(int*, char***)) {
  static std::once_flag once;
  std::call_once(once, [initialize] {
    if (!initialize) return;
    // As libFuzzer passes its own argv: harnesses read argv[0] to find
    // files beside the binary. Static: a harness may keep the pointers.
    static char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    path[n > 0 ? n : 0] = '\0';
    static char* args[] = {path, nullptr};
    static int argc = 1;
    static char** argv = args;
    initialize(&argc, &argv);
  });
}

}  // namespace cxxtest::internal
