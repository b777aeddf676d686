#include "inline_string_compare.h"

#include <algorithm>
#include <optional>

#include "byte_chain.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"

namespace cxxtest::laf {

using namespace llvm;

namespace {

// memcmp(a, "lit", n) or strcmp("lit", b), seen as: `bytes` bytes of
// `variable` against `literal` (a NUL follows literal's characters), with
// the variable operand first or second in the call.
struct StringCompare {
  Value* variable = nullptr;
  StringRef literal;
  unsigned bytes = 0;
  bool variable_first = true;
};

std::optional<StringCompare> match(CallInst& call) {
  Function* callee = call.getCalledFunction();
  if (!callee || !call.getType()->isIntegerTy() || call.arg_size() < 2) return std::nullopt;
  StringRef name = callee->getName();
  bool sized = name == "memcmp" || name == "bcmp" || name == "strncmp";
  if (!sized && name != "strcmp") return std::nullopt;
  if (sized && call.arg_size() != 3) return std::nullopt;

  StringCompare m;
  StringRef lit;
  if (getConstantStringInfo(call.getArgOperand(1), lit)) {
    m.variable = call.getArgOperand(0);
  } else if (getConstantStringInfo(call.getArgOperand(0), lit)) {
    m.variable = call.getArgOperand(1);
    m.variable_first = false;
  } else {
    return std::nullopt;
  }
  if (isa<Constant>(m.variable)) return std::nullopt;  // both constant: nothing to find
#if LLVM_VERSION_MAJOR < 17
  // Typed pointers: the byte loads need an i8* (libc's declarations give one).
  auto* ptr = dyn_cast<PointerType>(m.variable->getType());
  if (!ptr || !ptr->isOpaqueOrPointeeTypeMatches(Type::getInt8Ty(call.getContext()))) return std::nullopt;
#endif
  m.literal = lit;
  // The literal's characters, then its NUL: strcmp compares through the NUL;
  // memcmp may not go past it (bytes after a NUL are not known here).
  uint64_t through_nul = lit.size() + 1;
  uint64_t n = through_nul;
  if (sized) {
    auto* len = dyn_cast<ConstantInt>(call.getArgOperand(2));
    if (!len) return std::nullopt;
    n = len->getZExtValue();
    if (name != "strncmp" && n > through_nul) return std::nullopt;
    n = std::min(n, through_nul);
  }
  if (n == 0 || n > kMaxInlineBytes) return std::nullopt;
  m.bytes = static_cast<unsigned>(n);
  return m;
}

}  // namespace

bool inline_string_compare(CallInst& call) {
  auto m = match(call);
  if (!m) return false;
  Type* result_type = call.getType();
  PHINode* result =
      build_byte_chain(&call, m->bytes, result_type, ConstantInt::get(result_type, 0),
                       [&](IRBuilder<>& b, unsigned i) -> std::pair<Value*, Value*> {
                         Value* at = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), m->variable, i);
                         Value* vb = b.CreateLoad(b.getInt8Ty(), at, "laf.byte");
                         uint8_t c = i < m->literal.size() ? static_cast<uint8_t>(m->literal[i]) : 0;
                         Value* cb = b.getInt8(c);
                         // The sign of (first differing byte of the first argument) minus
                         // (that of the second), as unsigned chars, as the C functions define.
                         Value* vi = b.CreateZExt(vb, result_type);
                         Value* ci = ConstantInt::get(result_type, c);
                         Value* diff = m->variable_first ? b.CreateSub(vi, ci) : b.CreateSub(ci, vi);
                         return {b.CreateICmpEQ(vb, cb, "laf.same"), diff};
                       });
  call.replaceAllUsesWith(result);
  return true;
}

}  // namespace cxxtest::laf
