// Entry point of cxxtest-laf.so, loaded by clang's -fpass-plugin.
//
// The pass runs at the optimizer's last extension point. Clang registers the
// plugin's callbacks before its own sanitizer callbacks, and callbacks of
// one extension point run in registration order, so the pass runs after
// every optimization (which would merge the byte compares back) and just
// before SanitizerCoverage, which then gives each new block its counter.
#include "laf_pass.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

namespace {

void register_callbacks(llvm::PassBuilder& pb) {
#if LLVM_VERSION_MAJOR >= 20
  pb.registerOptimizerLastEPCallback([](llvm::ModulePassManager& mpm, llvm::OptimizationLevel,
                                        llvm::ThinOrFullLTOPhase) { mpm.addPass(cxxtest::laf::LafPass()); });
#else
  pb.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager& mpm, llvm::OptimizationLevel) { mpm.addPass(cxxtest::laf::LafPass()); });
#endif
}

}  // namespace

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "cxxtest-laf", "1", register_callbacks};
}
