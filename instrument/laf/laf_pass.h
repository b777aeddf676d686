// The laf pass: in every function SanitizerCoverage will instrument, lowers
// wide switches, inlines constant string compares and splits wide constant
// compares, so that each matching byte is its own coverage edge.
#pragma once

#include "llvm/IR/PassManager.h"
#include "skip_policy.h"

namespace cxxtest::laf {

class LafPass : public llvm::PassInfoMixin<LafPass> {
 public:
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&);
  static bool isRequired() { return true; }  // also run under optnone / -O0

 private:
  bool run_on_function(llvm::Function& f);
  SkipPolicy skip_;
};

}  // namespace cxxtest::laf
