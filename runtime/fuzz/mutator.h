// fuzz/mutator.h: one random mutation of a fuzz input, in place.
//
// mutate(args) picks one argument [i=below(args.size()), skipped for one
// argument] and applies one mutation to it:
//   bytes / std::string: a byte op [op=below(18 + extras)] drawn again until
//     one applies (byte_ops.h, then source_ops.h for the extras, in this
//     order: 2 dictionary ops [token=below(D) first] when the dictionary is
//     non-empty; 2 splice ops [entry=below(C) first] when the splice source
//     is non-empty; InsertPart; SplicePart [entry=below(C) first] when the
//     splice source is non-empty; CmpReplace [pair=below(P), swap=coin
//     first] when there are compare pairs; AsciiInteger);
//   every other kind: scalar_ops.h.
// With a harness's custom mutators set and one byte argument, mutate_custom
// instead (see CustomMutators).
// Values never grow past max_bytes, and a byte value longer than it (a seed
// over -fuzzmaxlen) is cut to it after its op. Edits are in place: once a value's
// buffer has grown to its working size, a mutation allocates nothing.
//
// Determinism: the result depends only on the input, the rng state,
// max_bytes, the splice source and the dictionaries. A coordinator replaying
// a worker's mutations (chain.h) must use equal ones; both are meant to be
// append-only, so recording their sizes at the start of a chain suffices.
#pragma once

#include "fuzz/rng.h"

#include <cxxtest/value.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace cxxtest::fuzz {

// A libFuzzer harness's own mutators (LLVMFuzzerCustomMutator and
// LLVMFuzzerCustomCrossOver, with libFuzzer's signatures; either may be
// null). For an input of one byte argument they replace the built-in byte
// ops as in libFuzzer: the custom mutator is the only mutation (it calls
// LLVMFuzzerMutate for a built-in one), half of them a custom crossover with
// the splice source when both are defined; a crossover alone is one more op.
struct CustomMutators {
  size_t (*mutate)(uint8_t* data, size_t size, size_t max_size, unsigned seed) = nullptr;
  size_t (*cross_over)(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out,
                       size_t max_out, unsigned seed) = nullptr;
  bool any() const { return mutate != nullptr || cross_over != nullptr; }
};

// Laid out by hand: grouped as Go orders them.
// clang-format off
enum class ByteOp : uint8_t {
  RemoveChunk, InsertRandom, DuplicateChunk, CopyChunk, FlipBit, XorByte, SwapBytes,
  AddSub8, AddSub16, AddSub32, AddSub64, Interesting8, Interesting16, Interesting32,
  InsertRepeated, OverwriteRepeated, ShuffleChunk, SwapChunks,  // Go's 18
  DictInsert, DictOverwrite, SpliceInsert, SpliceCrossover,     // cxxtest's extras
  InsertPart, SplicePart,                                       // libFuzzer's long copies
  CmpReplace,                                                   // input-to-state
  AsciiInteger,                                                 // libFuzzer's ChangeASCIIInteger
};
// clang-format on
inline constexpr int kGoByteOps = 18;
inline constexpr int kByteOps = 26;

template <RandomSource R>
class BasicMutator {
 public:
  // max_bytes: the longest a bytes/std::string value may become (Go uses
  // 100 MiB / number of arguments - 100); values must stay below 2 GiB, and
  // larger limits are lowered to that.
  BasicMutator(R rng, size_t max_bytes)
      : rng_(std::move(rng)), max_bytes_(max_bytes < kMaxLimit ? max_bytes : kMaxLimit) {}

  // Applies one mutation to one argument. No-op for an empty list, or for
  // an empty value when max_bytes is 0.
  void mutate(std::vector<Value>& args);

  // One byte op on s (argument `arg` of the input, for splicing), drawn
  // again until one applies. False only when none can (s empty, max 0).
  bool mutate_bytes(std::string& s, size_t arg);
  // Applies exactly `op` (its own draws only); false if it does not apply.
  bool apply(ByteOp op, std::string& s, size_t arg);
  // One mutation of a non-byte value.
  void mutate_scalar(Value& v);

  // Entries whose byte arguments the splice ops copy from. The span must
  // stay valid while set, and must not contain the args being mutated.
  void set_splice_source(std::span<const std::vector<Value>> corpus) { splice_ = corpus; }
  // Tokens to insert / overwrite with (null: none). Must outlive its use.
  void set_dictionary(const std::vector<std::string>* tokens) { dict_ = tokens; }
  // Operand pairs of recent comparisons, for CmpReplace (null: none).
  using ComparePairs = std::vector<std::pair<std::string, std::string>>;
  void set_compare_pairs(const ComparePairs* pairs) { pairs_ = pairs; }
  // Integers an integer argument may be set to (null: none).
  void set_int_dictionary(const std::vector<uint64_t>* values) { int_dict_ = values; }
  // The harness's own mutators (null, or none set: the built-in ops). Must
  // outlive its use.
  void set_custom(const CustomMutators* custom) { custom_ = custom && custom->any() ? custom : nullptr; }

  R& rng() { return rng_; }
  size_t max_bytes() const { return max_bytes_; }
  // Changes max_bytes (as the constructor takes it) between mutations.
  void set_max_bytes(size_t max_bytes) { max_bytes_ = max_bytes < kMaxLimit ? max_bytes : kMaxLimit; }

 private:
  static constexpr size_t kMaxLimit = size_t{1} << 31;  // positions are 32-bit

  uint32_t op_count() const;                            // the byte ops mutate_bytes draws from now
  ByteOp op_for(uint32_t drawn, uint32_t count) const;  // the op of a draw below count == op_count()
  const std::string* splice_partner(size_t arg);        // [entry=below(C)]; null if unusable
  void mutate_custom(std::string& s);

  // The room a custom mutator gets beyond the input (libFuzzer's default
  // -max_len), and twice the input when that is more.
  static constexpr size_t kCustomRoom = 4096;

  R rng_;
  size_t max_bytes_;
  std::span<const std::vector<Value>> splice_;
  const std::vector<std::string>* dict_ = nullptr;
  const ComparePairs* pairs_ = nullptr;
  const std::vector<uint64_t>* int_dict_ = nullptr;
  const CustomMutators* custom_ = nullptr;
  std::string crossed_;  // a custom crossover's output
};

// The engine's mutator, compiled in mutator.cpp; other random types need
// mutator_impl.h.
using Mutator = BasicMutator<Pcg32>;
extern template class BasicMutator<Pcg32>;

}  // namespace cxxtest::fuzz
