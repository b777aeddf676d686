// The shape every laf rewrite shares: a chain of blocks, one byte compared
// per block, that leaves the chain at the first byte that differs. Each
// block that a longer matching prefix reaches is a new edge for coverage.
#pragma once

#include <utility>

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

namespace cxxtest::laf {

// One step: emits, with the builder, the byte compare of step `i` and returns
// {i1 "the bytes are equal", the chain's result if they are not}.
using ByteStep = llvm::function_ref<std::pair<llvm::Value*, llvm::Value*>(llvm::IRBuilder<>& b, unsigned i)>;

// Splits the block of `after` just after it and puts `steps` byte blocks
// between the two halves; the chain's result, a phi of `result_type` at
// the top of the second half, is `when_all_equal` if no step differed.
// The caller replaces the uses of the wide operation with it.
llvm::PHINode* build_byte_chain(llvm::Instruction* after, unsigned steps, llvm::Type* result_type,
                                llvm::Value* when_all_equal, ByteStep step);

}  // namespace cxxtest::laf
