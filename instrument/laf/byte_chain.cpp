#include "byte_chain.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"

namespace cxxtest::laf {

using namespace llvm;

PHINode* build_byte_chain(Instruction* after, unsigned steps, Type* result_type, Value* when_all_equal,
                          ByteStep step) {
  BasicBlock* head = after->getParent();
  Function* f = head->getParent();
  LLVMContext& ctx = f->getContext();
  BasicBlock* tail = head->splitBasicBlock(after->getNextNode(), "laf.tail");
  head->getTerminator()->eraseFromParent();  // the unconditional branch splitBasicBlock added

  IRBuilder<> tb(tail, tail->begin());
  PHINode* result = tb.CreatePHI(result_type, steps + 1, "laf.result");
  BasicBlock* cur = head;
  for (unsigned i = 0; i < steps; ++i) {
    IRBuilder<> b(cur);
    auto [same, differ] = step(b, i);
    BasicBlock* next = BasicBlock::Create(ctx, i + 1 < steps ? "laf.byte" : "laf.equal", f, tail);
    b.CreateCondBr(same, next, tail);
    result->addIncoming(differ, cur);
    cur = next;
  }
  IRBuilder<> b(cur);
  b.CreateBr(tail);
  result->addIncoming(when_all_equal, cur);
  return result;
}

}  // namespace cxxtest::laf
