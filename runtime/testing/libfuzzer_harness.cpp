// testing/libfuzzer_harness.cpp: LLVMFuzzerInitialize and the -1 return
// for cxxtest/libfuzzer.h.
#include "testing/libfuzzer_harness.h"

#include <atomic>
#include <mutex>
#include <string>

#include <cxxtest/libfuzzer.h>

#include "crash/symbolize.h"

namespace cxxtest::runtime {
namespace {
std::atomic<bool> input_rejected{false};
}  // namespace

bool take_rejected_input() {
  if (!input_rejected.load(std::memory_order_relaxed)) return false;
  input_rejected.store(false, std::memory_order_relaxed);
  return true;
}
}  // namespace cxxtest::runtime

namespace cxxtest::internal {

using runtime::executable_path;

void reject_fuzz_input() { runtime::input_rejected.store(true, std::memory_order_relaxed); }

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
