// Splits an integer compare against a constant (==, !=, <, <=, >, >=; 16 to
// 128 bits) into one compare per byte, most significant first, so each
// matching byte is new coverage. The wide compare stays in place, unused,
// so trace-cmp still reports both whole operands to the comparison guidance.
#pragma once

#include "llvm/IR/Instructions.h"

namespace cxxtest::laf {

// True for the compares split_compare rewrites. Left alone: non-integer
// and odd-width operands, two variable operands, and constants a single
// byte can hold (== 0, < 10: splitting them costs blocks and finds nothing).
bool worth_splitting(const llvm::ICmpInst& cmp);

// Rewrites one compare for which worth_splitting is true.
void split_compare(llvm::ICmpInst& cmp);

}  // namespace cxxtest::laf
