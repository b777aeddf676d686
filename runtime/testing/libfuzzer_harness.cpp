// testing/libfuzzer_harness.cpp: LLVMFuzzerInitialize, the -1 return, the
// custom mutators and LLVMFuzzerMutate for cxxtest/libfuzzer.h.
#include "testing/libfuzzer_harness.h"

#include <atomic>
#include <mutex>
#include <string>

#include <cxxtest/libfuzzer.h>

#include "crash/symbolize.h"

namespace cxxtest::runtime {
namespace {
std::atomic<bool> input_rejected{false};
fuzz::CustomMutators g_harness_mutators;
DefaultMutation g_default_mutation = nullptr;
}  // namespace

const fuzz::CustomMutators& harness_mutators() { return g_harness_mutators; }
void set_default_mutation(DefaultMutation mutation) { g_default_mutation = mutation; }

bool take_rejected_input() {
  if (!input_rejected.load(std::memory_order_relaxed)) return false;
  input_rejected.store(false, std::memory_order_relaxed);
  return true;
}
}  // namespace cxxtest::runtime

namespace cxxtest::internal {

using runtime::executable_path;

void reject_fuzz_input() { runtime::input_rejected.store(true, std::memory_order_relaxed); }

void register_libfuzzer_mutators(size_t (*mutate)(uint8_t*, size_t, size_t, unsigned),
                                 size_t (*cross_over)(const uint8_t*, size_t, const uint8_t*, size_t,
                                                      uint8_t*, size_t, unsigned)) {
  runtime::g_harness_mutators = {mutate, cross_over};
}

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

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size) {
  auto mutation = cxxtest::runtime::g_default_mutation;
  return mutation ? mutation(data, size, max_size) : size;
}
