// Lowers a switch on a wide integer (16 to 128 bits) to a chain of
// `cond == case` compares, which split_compare then splits byte by byte.
#pragma once

#include <vector>

#include "llvm/IR/Instructions.h"

namespace cxxtest::laf {

// Switches with more cases are left alone: a chain of hundreds of compares
// costs more per execution than it could find.
constexpr unsigned kMaxSwitchCases = 64;

// True for the switches lower_switch rewrites.
bool worth_lowering(const llvm::SwitchInst& sw);

// Replaces the switch with a compare chain (case order, then the default)
// and returns the new compares.
std::vector<llvm::ICmpInst*> lower_switch(llvm::SwitchInst& sw);

}  // namespace cxxtest::laf
