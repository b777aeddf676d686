// Turns memcmp / bcmp / strcmp / strncmp calls with a constant string
// argument and a known, short length into an inline chain of byte compares,
// one block per byte. The call itself stays, its result unused, so the
// interception library still reports both operands to the guidance.
#pragma once

#include "llvm/IR/Instructions.h"

namespace cxxtest::laf {

// Longer constants are left as plain calls.
constexpr unsigned kMaxInlineBytes = 64;

// Rewrites `call` if it is such a compare; returns whether it did.
bool inline_string_compare(llvm::CallInst& call);

}  // namespace cxxtest::laf
