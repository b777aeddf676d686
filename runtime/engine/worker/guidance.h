// engine/worker/guidance.h: the tokens a worker's mutator inserts into inputs:
// the target's dictionary (F::Dict, testdata/fuzz/FuzzXxx.dict) plus what
// the target compared recently — integer operands from SanitizerCoverage's
// comparison tracing (cmp_table.h) and byte strings from memcmp, strcmp,
// strstr... (intercept/compare_hooks.h), libFuzzer's "table of recent
// compares" in spirit.
//
// refresh() rebuilds the lists from the tables; the worker calls it at the
// start of each fuzzing slice (a few ms) and once more early in it, never
// per execution. The mutator holds pointers to tokens() and ints(), whose
// addresses never change.
#pragma once

#include <cxxtest/value.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cxxtest::runtime::engine {

class Guidance {
 public:
  // `dict`: the target's static dictionary, always kept first. `learn`:
  // whether compared values join it (-test.fuzzcmp).
  Guidance(std::vector<std::string> dict, bool learn);

  // Starts recording byte comparisons (installs intercept::bytes_hook).
  void start_recording();

  // Byte comparisons are recorded only between these two, around the
  // target's run of an input: under a sanitizer the weak hooks see every
  // memcmp of the process, the engine's own too (a mutant against its
  // original), and those long operands evicted the target's short ones
  // (libpng's 4-byte chunk names were never learned under -asan).
  static void input_started();
  static void input_ended();

  // Rebuilds tokens() and ints() from the dictionary and the compare tables.
  void refresh();

  const std::vector<std::string>* tokens() const { return &tokens_; }

  // The learned tokens (not the dictionary's) that some byte argument of
  // `after` holds and the same argument of `before` does not: what the
  // mutator most likely inserted into an input that found new coverage.
  std::vector<std::string> credited(const std::vector<Value>& before, const std::vector<Value>& after) const;
  const std::vector<uint64_t>* ints() const { return &ints_; }
  // Both operands of each recent comparison, as bytes (integers in little-
  // and big-endian order): what CmpReplace swaps in place of each other.
  const std::vector<std::pair<std::string, std::string>>* pairs() const { return &pairs_; }

 private:
  std::vector<std::string> dict_;
  bool learn_;
  std::vector<std::string> tokens_;
  size_t learned_begin_ = 0;  // tokens_[learned_begin_...] came from compares
  std::vector<uint64_t> ints_;
  std::vector<std::pair<std::string, std::string>> pairs_;
};

// The byte-compare recorder behind intercept::bytes_hook, exposed for tests:
// records both operands of one comparison made at `pc`.
void record_bytes_compare(uintptr_t pc, const uint8_t* a, size_t na, const uint8_t* b, size_t nb);

// Copies the recorded byte operands (each distinct, non-empty) into `out`.
void recent_byte_operands(std::vector<std::string>& out);
// Appends each recorded byte comparison's two operands (both non-empty,
// unequal) to `out`.
void recent_byte_pairs(std::vector<std::pair<std::string, std::string>>& out);

}  // namespace cxxtest::runtime::engine
