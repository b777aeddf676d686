// fuzz/mutator_impl.h: BasicMutator's member definitions (see mutator.h).
// Included by mutator.cpp, which instantiates them for Pcg32; include it
// only to instantiate another random type (as the unit tests' ScriptedRandom).
#pragma once

#include "fuzz/byte_ops.h"
#include "fuzz/mutator.h"
#include "fuzz/scalar_ops.h"
#include "fuzz/source_ops.h"

namespace cxxtest::fuzz {

template <RandomSource R>
void BasicMutator<R>::mutate(std::vector<Value>& args) {
  if (args.empty()) return;
  size_t i = args.size() == 1 ? 0 : rng_.below(static_cast<uint32_t>(args.size()));
  Value& v = args[i];
  if (custom_ != nullptr && args.size() == 1 && is_byte_kind(v.kind)) {
    mutate_custom(v.bytes);
  } else if (is_byte_kind(v.kind)) {
    mutate_bytes(v.bytes, i);
  } else {
    mutate_scalar(v);
  }
}

template <RandomSource R>
bool BasicMutator<R>::mutate_bytes(std::string& s, size_t arg) {
  if (s.empty() && max_bytes_ == 0) return false;
  const uint32_t count = op_count();  // the draws a redraw draws from too
  while (!apply(op_for(rng_.below(count), count), s, arg)) {
  }
  // A value longer than the limit (a seed over -fuzzmaxlen) comes out cut
  // to it, as libFuzzer truncates inputs over -max_len.
  if (s.size() > max_bytes_) s.resize(max_bytes_);
  return true;
}

template <RandomSource R>
void BasicMutator<R>::mutate_custom(std::string& s) {
  const size_t size = s.size();
  const size_t room = std::min(max_bytes_, std::max(kCustomRoom, 2 * size));
  const size_t max = std::max(room, size);
  const std::string* other = custom_->cross_over != nullptr ? splice_partner(0) : nullptr;
  if (other == &s) other = nullptr;
  // [cross=coin] with both; [cross=below(kByteOps)==0] with a crossover alone.
  bool cross = other != nullptr && (custom_->mutate != nullptr ? rng_.coin() : rng_.below(kByteOps) == 0);
  if (max == 0 || (!cross && custom_->mutate == nullptr)) {
    mutate_bytes(s, 0);
    return;
  }
  const unsigned seed = rng_.next32();  // [seed=next32]
  size_t n;
  if (cross) {
    crossed_.resize(max);
    n = custom_->cross_over(reinterpret_cast<const uint8_t*>(s.data()), size,
                            reinterpret_cast<const uint8_t*>(other->data()), other->size(),
                            reinterpret_cast<uint8_t*>(crossed_.data()), max, seed);
    if (n > 0 && n <= max) s.assign(crossed_.data(), n);
  } else {
    s.resize(max);
    n = custom_->mutate(reinterpret_cast<uint8_t*>(s.data()), size, max, seed);
    s.resize(n > 0 && n <= max ? n : size);
  }
  // As libFuzzer: 0 (or more than the room) is no mutation; one built-in op then.
  if (n == 0 || n > max) mutate_bytes(s, 0);
}

template <RandomSource R>
uint32_t BasicMutator<R>::op_count() const {
  bool has_dict = dict_ != nullptr && !dict_->empty();
  bool has_pairs = pairs_ != nullptr && !pairs_->empty();
  return kGoByteOps + (has_dict ? 2 : 0) + 1 + (splice_.empty() ? 0 : 3) + (has_pairs ? 1 : 0) + 1;
}

template <RandomSource R>
ByteOp BasicMutator<R>::op_for(uint32_t drawn, uint32_t count) const {
  if (drawn < kGoByteOps) return static_cast<ByteOp>(drawn);
  // The last draw, always there: drawn after the others so that adding it
  // moved none of them.
  if (drawn == count - 1) return ByteOp::AsciiInteger;
  uint32_t extra = drawn - kGoByteOps;
  if (dict_ == nullptr || dict_->empty()) extra += 2;  // skip the dictionary ops
  if (splice_.empty() && extra >= 2) extra += 2;       // skip the splice ops
  if (splice_.empty() && extra >= 5) extra += 1;       // skip SplicePart
  return static_cast<ByteOp>(kGoByteOps + extra);
}

template <RandomSource R>
const std::string* BasicMutator<R>::splice_partner(size_t arg) {
  if (splice_.empty()) return nullptr;
  const std::vector<Value>& entry = splice_[rng_.below(static_cast<uint32_t>(splice_.size()))];
  if (arg >= entry.size() || !is_byte_kind(entry[arg].kind)) return nullptr;
  return &entry[arg].bytes;
}

template <RandomSource R>
bool BasicMutator<R>::apply(ByteOp op, std::string& s, size_t arg) {
  R& r = rng_;
  const size_t max = max_bytes_;
  switch (op) {
    case ByteOp::RemoveChunk: return ops::remove_chunk(r, s);
    case ByteOp::InsertRandom: return ops::insert_random(r, s, max);
    case ByteOp::DuplicateChunk: return ops::duplicate_chunk(r, s, max);
    case ByteOp::CopyChunk: return ops::copy_chunk(r, s);
    case ByteOp::FlipBit: return ops::flip_bit(r, s);
    case ByteOp::XorByte: return ops::xor_byte(r, s);
    case ByteOp::SwapBytes: return ops::swap_bytes(r, s);
    case ByteOp::AddSub8: return ops::add_sub<uint8_t>(r, s);
    case ByteOp::AddSub16: return ops::add_sub<uint16_t>(r, s);
    case ByteOp::AddSub32: return ops::add_sub<uint32_t>(r, s);
    case ByteOp::AddSub64: return ops::add_sub<uint64_t>(r, s);
    case ByteOp::Interesting8: return ops::interesting<uint8_t>(r, s);
    case ByteOp::Interesting16: return ops::interesting<uint16_t>(r, s);
    case ByteOp::Interesting32: return ops::interesting<uint32_t>(r, s);
    case ByteOp::InsertRepeated: return ops::insert_repeated(r, s, max);
    case ByteOp::OverwriteRepeated: return ops::overwrite_repeated(r, s);
    case ByteOp::ShuffleChunk: return ops::shuffle_chunk(r, s);
    case ByteOp::SwapChunks: return ops::swap_chunks(r, s);
    case ByteOp::DictInsert:
    case ByteOp::DictOverwrite: {
      if (dict_ == nullptr || dict_->empty()) return false;
      const std::string& t = (*dict_)[r.below(static_cast<uint32_t>(dict_->size()))];
      return op == ByteOp::DictInsert ? ops::dict_insert(r, s, max, t) : ops::dict_overwrite(r, s, t);
    }
    case ByteOp::SpliceInsert:
    case ByteOp::SpliceCrossover:
    case ByteOp::SplicePart: {
      const std::string* other = splice_partner(arg);
      if (other == nullptr || other == &s) return false;
      if (op == ByteOp::SpliceInsert) return ops::splice_insert(r, s, max, *other);
      if (op == ByteOp::SpliceCrossover) return ops::splice_crossover(r, s, max, *other);
      return ops::splice_part(r, s, max, *other);
    }
    case ByteOp::InsertPart: return ops::insert_part(r, s, max);
    case ByteOp::AsciiInteger: return ops::ascii_integer(r, s);
    case ByteOp::CmpReplace: {
      if (pairs_ == nullptr || pairs_->empty()) return false;
      const auto& [a, b] = (*pairs_)[r.below(static_cast<uint32_t>(pairs_->size()))];
      return r.coin() ? ops::cmp_replace(r, s, max, b, a) : ops::cmp_replace(r, s, max, a, b);
    }
  }
  return false;
}

template <RandomSource R>
void BasicMutator<R>::mutate_scalar(Value& v) {
  switch (v.kind) {
    case Kind::Bytes:
    case Kind::String: return;
    case Kind::Bool: v.bits = v.bits == 0 ? 1 : 0; return;
    case Kind::Float: ops::mutate_float<float>(rng_, v); return;
    case Kind::Double: ops::mutate_float<double>(rng_, v); return;
    default: ops::mutate_integer(rng_, v, int_dict_); return;
  }
}

}  // namespace cxxtest::fuzz
