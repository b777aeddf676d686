#include "lower_switch.h"

#include <map>
#include <utility>

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"

namespace cxxtest::laf {

using namespace llvm;

bool worth_lowering(const SwitchInst& sw) {
  auto* type = dyn_cast<IntegerType>(sw.getCondition()->getType());
  if (!type || isa<Constant>(sw.getCondition())) return false;
  unsigned bits = type->getBitWidth();
  return bits > 8 && bits <= 128 && bits % 8 == 0 && sw.getNumCases() > 0 &&
         sw.getNumCases() <= kMaxSwitchCases;
}

std::vector<ICmpInst*> lower_switch(SwitchInst& sw) {
  BasicBlock* block = sw.getParent();
  Function* f = block->getParent();
  Value* cond = sw.getCondition();
  BasicBlock* fallback = sw.getDefaultDest();
  std::vector<std::pair<ConstantInt*, BasicBlock*>> cases;
  for (auto& c : sw.cases()) cases.emplace_back(c.getCaseValue(), c.getCaseSuccessor());

  // A phi has one entry per edge from the switch, all with the same value;
  // take that value and drop the entries, then add one per new edge.
  std::map<PHINode*, Value*> incoming;
  for (BasicBlock* succ : successors(block))
    for (PHINode& phi : succ->phis()) {
      if (incoming.count(&phi)) continue;
      incoming[&phi] = phi.getIncomingValueForBlock(block);
      while (phi.getBasicBlockIndex(block) >= 0) phi.removeIncomingValue(block, false);
    }
  auto add_edge = [&](BasicBlock* from, BasicBlock* to) {
    for (PHINode& phi : to->phis()) phi.addIncoming(incoming.at(&phi), from);
  };

  sw.eraseFromParent();
  std::vector<ICmpInst*> compares;
  BasicBlock* cur = block;
  for (size_t i = 0; i < cases.size(); ++i) {
    IRBuilder<> b(cur);
    auto* is_case = cast<ICmpInst>(b.CreateICmpEQ(cond, cases[i].first, "laf.case"));
    compares.push_back(is_case);
    BasicBlock* next = i + 1 < cases.size()
                           ? BasicBlock::Create(f->getContext(), "laf.switch", f, cur->getNextNode())
                           : fallback;
    b.CreateCondBr(is_case, cases[i].second, next);
    add_edge(cur, cases[i].second);
    if (next == fallback) add_edge(cur, fallback);
    cur = next;
  }
  return compares;
}

}  // namespace cxxtest::laf
