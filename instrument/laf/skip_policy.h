// Which functions the laf pass leaves alone: the ones SanitizerCoverage will
// not instrument either, so every compare the pass splits gets counters.
#pragma once

#include <memory>

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SpecialCaseList.h"

namespace cxxtest::laf {

class SkipPolicy {
 public:
  // Reads cxxtest's ignorelist (share/cxxtest/ignorelist.txt, found from the
  // plugin's own path: <prefix>/lib/cxxtest/cxxtest-laf.so). Without one,
  // only the attributes count.
  SkipPolicy();

  // True when the whole translation unit is ignorelisted (src: entries).
  bool skip_module(const llvm::Module& m) const;

  // True for declarations, functions marked not to get coverage
  // (no_sanitize("coverage"), disable_sanitizer_instrumentation) and
  // ignorelisted names (fun: entries).
  bool skip_function(const llvm::Function& f) const;

 private:
  std::unique_ptr<llvm::SpecialCaseList> ignorelist_;
};

}  // namespace cxxtest::laf
