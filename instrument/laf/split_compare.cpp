#include "split_compare.h"

#include "byte_chain.h"
#include "llvm/IR/Constants.h"

namespace cxxtest::laf {

using namespace llvm;

namespace {

// The compare with the variable on the left: x pred c.
struct ConstCompare {
  Value* x = nullptr;
  APInt c;
  CmpInst::Predicate pred = CmpInst::BAD_ICMP_PREDICATE;
};

bool normalize(const ICmpInst& cmp, ConstCompare& out) {
  Value* a = cmp.getOperand(0);
  Value* b = cmp.getOperand(1);
  CmpInst::Predicate pred = cmp.getPredicate();
  if (isa<Constant>(a)) {
    std::swap(a, b);
    pred = CmpInst::getSwappedPredicate(pred);
  }
  auto* c = dyn_cast<ConstantInt>(b);
  auto* type = dyn_cast<IntegerType>(a->getType());
  if (!c || isa<Constant>(a) || !type) return false;
  unsigned bits = type->getBitWidth();
  if (bits <= 8 || bits > 128 || bits % 8 != 0) return false;
  out = ConstCompare{a, c->getValue(), pred};
  return true;
}

// Byte `k` (0 = least significant) of x, as an i8.
Value* byte_of(IRBuilder<>& b, Value* x, unsigned k) {
  Value* shifted = k ? b.CreateLShr(x, k * 8) : x;
  return b.CreateTrunc(shifted, b.getInt8Ty());
}

// The compare's result when the first differing byte, from the top, is `xb`
// against `cb`: that byte decides an ordered compare (signed only for the
// top byte, which holds the sign), and an equality is decided by differing.
Value* decided_by_byte(IRBuilder<>& b, CmpInst::Predicate pred, Value* xb, Value* cb, bool top) {
  if (CmpInst::isEquality(pred)) return b.getInt1(pred == CmpInst::ICMP_NE);
  CmpInst::Predicate strict = CmpInst::getStrictPredicate(pred);
  if (!top) strict = ICmpInst::getUnsignedPredicate(strict);
  return b.CreateICmp(strict, xb, cb);
}

}  // namespace

bool worth_splitting(const ICmpInst& cmp) {
  ConstCompare m;
  if (!normalize(cmp, m)) return false;
  bool fits_a_byte = CmpInst::isSigned(m.pred)     ? m.c.isSignedIntN(8)
                     : CmpInst::isUnsigned(m.pred) ? m.c.isIntN(8)
                                                   : m.c.isIntN(8) || m.c.isSignedIntN(8);
  return !fits_a_byte;
}

void split_compare(ICmpInst& cmp) {
  ConstCompare m;
  if (!normalize(cmp, m)) return;
  unsigned nbytes = m.c.getBitWidth() / 8;
  PHINode* result = build_byte_chain(
      &cmp, nbytes, cmp.getType(), ConstantInt::getBool(cmp.getContext(), CmpInst::isTrueWhenEqual(m.pred)),
      [&](IRBuilder<>& b, unsigned i) -> std::pair<Value*, Value*> {
        unsigned k = nbytes - 1 - i;  // most significant byte first
        Value* xb = byte_of(b, m.x, k);
        Value* cb = b.getInt8(static_cast<uint8_t>(m.c.extractBitsAsZExtValue(8, k * 8)));
        return {b.CreateICmpEQ(xb, cb, "laf.same"), decided_by_byte(b, m.pred, xb, cb, i == 0)};
      });
  cmp.replaceAllUsesWith(result);
}

}  // namespace cxxtest::laf
