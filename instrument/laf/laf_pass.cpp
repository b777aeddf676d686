#include "laf_pass.h"

#include <vector>

#include "inline_string_compare.h"
#include "llvm/IR/InstIterator.h"
#include "lower_switch.h"
#include "split_compare.h"

namespace cxxtest::laf {

using namespace llvm;

PreservedAnalyses LafPass::run(Module& m, ModuleAnalysisManager&) {
  if (skip_.skip_module(m)) return PreservedAnalyses::all();
  bool changed = false;
  for (Function& f : m)
    if (!skip_.skip_function(f)) changed |= run_on_function(f);
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

bool LafPass::run_on_function(Function& f) {
  // Collect first: every rewrite splits blocks, which would upset iteration.
  std::vector<SwitchInst*> switches;
  std::vector<CallInst*> calls;
  std::vector<ICmpInst*> compares;
  for (Instruction& inst : instructions(f)) {
    if (auto* sw = dyn_cast<SwitchInst>(&inst); sw && worth_lowering(*sw)) switches.push_back(sw);
    if (auto* call = dyn_cast<CallInst>(&inst)) calls.push_back(call);
    if (auto* cmp = dyn_cast<ICmpInst>(&inst); cmp && worth_splitting(*cmp)) compares.push_back(cmp);
  }
  bool changed = !switches.empty();
  for (SwitchInst* sw : switches)
    for (ICmpInst* cmp : lower_switch(*sw))
      if (worth_splitting(*cmp)) compares.push_back(cmp);
  for (CallInst* call : calls) changed |= inline_string_compare(*call);
  for (ICmpInst* cmp : compares) split_compare(*cmp);
  return changed || !compares.empty();
}

}  // namespace cxxtest::laf
