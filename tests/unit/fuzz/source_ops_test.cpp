// source_ops_test.cpp: dictionary and splice ops, and how mutate() draws its
// op and argument (fuzz/source_ops.h, fuzz/mutator.h).
#include "op_harness.h"

#include <vector>

using namespace std::string_literals;
using cxxtest::Value;
using cxxtest::fuzz::BasicMutator;
using cxxtest::fuzz::ByteOp;
using cxxtest::fuzz::ScriptedRandom;

namespace {

const std::vector<std::string> kTokens = {"TOKEN", "xy"};
const std::vector<std::vector<Value>> kCorpus = {{Value::of(std::string("HELLO"))},
                                                 {Value::of(std::string("WXYZ"))}};

// One op with a dictionary and a splice source set.
std::string with_sources(ByteOp op, std::string s, std::initializer_list<uint64_t> draws, size_t max = 100) {
  BasicMutator<ScriptedRandom> m(draws, max);
  m.set_dictionary(&kTokens);
  m.set_splice_source(kCorpus);
  bool applied = m.apply(op, s, 0);
  CHECK(m.rng().remaining() == 0);
  return applied ? s : "<not applied>";
}

// One whole mutate() of args.
std::vector<Value> mutate_once(std::vector<Value> args, std::initializer_list<uint64_t> draws, bool dict,
                               bool splice) {
  BasicMutator<ScriptedRandom> m(draws, 100);
  if (dict) m.set_dictionary(&kTokens);
  if (splice) m.set_splice_source(kCorpus);
  m.mutate(args);
  CHECK(m.rng().remaining() == 0);
  return args;
}

Value str(std::string s) { return Value::of(s); }

}  // namespace

TEST_CASE("DictInsert and DictOverwrite: [token, position]") {
  CHECK(with_sources(ByteOp::DictInsert, "ab", {1, 1}) == "axyb");
  CHECK(with_sources(ByteOp::DictInsert, "ab", {0, 2}) == "abTOKEN");
  CHECK(with_sources(ByteOp::DictInsert, "ab", {0}, 6) == "<not applied>");
  CHECK(with_sources(ByteOp::DictOverwrite, "abcd", {1, 2}) == "abxy");
  CHECK(with_sources(ByteOp::DictOverwrite, "abcd", {0}) == "<not applied>");  // token too long
  std::string s = "ab";
  BasicMutator<ScriptedRandom> none({}, 100);
  CHECK_FALSE(none.apply(ByteOp::DictInsert, s, 0));  // no dictionary: no draws
}

TEST_CASE("SpliceInsert and SpliceCrossover: [entry, ...]") {
  CHECK(with_sources(ByteOp::SpliceInsert, "ab", {0, 1, 0, 2, 2}) == "abELL");
  CHECK(with_sources(ByteOp::SpliceInsert, "ab", {1, 0, 0, 0, 0}) == "Wab");
  CHECK(with_sources(ByteOp::SpliceInsert, "ab", {0, 0, 0, 4, 0}, 6) == "<not applied>");
  CHECK(with_sources(ByteOp::SpliceCrossover, "abcd", {1, 2, 1}) == "abXYZ");
  CHECK(with_sources(ByteOp::SpliceCrossover, "abcd", {0, 0, 0}) == "HELLO");
  CHECK(with_sources(ByteOp::SpliceCrossover, "abcd", {0, 4, 0}, 8) == "<not applied>");
  // SplicePart [entry, src, k-1, pos]: k uniform up to the rest of the entry.
  CHECK(with_sources(ByteOp::SplicePart, "ab", {0, 1, 3, 1}) == "aELLOb");
  CHECK(with_sources(ByteOp::SplicePart, "ab", {1, 0, 3, 2}) == "abWXYZ");
  CHECK(with_sources(ByteOp::SplicePart, "ab", {0, 0, 4, 0}, 6) == "<not applied>");
}

TEST_CASE("CmpReplace: [pair, swap, start], the first occurrence from start on, wrapping") {
  const BasicMutator<ScriptedRandom>::ComparePairs pairs = {{"GIF", "PNG!"}, {"ab", "ab"}};
  auto replace = [&](std::string s, std::initializer_list<uint64_t> draws, size_t max = 100) {
    BasicMutator<ScriptedRandom> m(draws, max);
    m.set_compare_pairs(&pairs);
    bool applied = m.apply(ByteOp::CmpReplace, s, 0);
    CHECK(m.rng().remaining() == 0);
    return applied ? s : "<not applied>";
  };
  CHECK(replace("xGIFyGIF", {0, 0, 0}) == "xPNG!yGIF");
  CHECK(replace("xGIFyGIF", {0, 0, 2}) == "xGIFyPNG!");    // from 2 on
  CHECK(replace("xGIFyGIF", {0, 0, 6}) == "xPNG!yGIF");    // wraps around
  CHECK(replace("aPNG!", {0, 1, 0}) == "aGIF");            // swapped: the other operand
  CHECK(replace("xyz", {0, 0, 1}) == "<not applied>");     // not there
  CHECK(replace("GIF", {0, 0, 0}, 3) == "<not applied>");  // would grow past max
  CHECK(replace("xabx", {1, 0}) == "<not applied>");       // equal operands: no draw of start
  BasicMutator<ScriptedRandom> none({}, 100);
  std::string s = "GIF";
  CHECK_FALSE(none.apply(ByteOp::CmpReplace, s, 0));  // no pairs: no draws
}

TEST_CASE("Splicing skips entries whose argument is not bytes") {
  const std::vector<std::vector<Value>> ints = {{Value::of(1)}};
  BasicMutator<ScriptedRandom> m({0}, 100);
  m.set_splice_source(ints);
  std::string s = "ab";
  CHECK_FALSE(m.apply(ByteOp::SpliceInsert, s, 0));
  CHECK(m.rng().remaining() == 0);
}

TEST_CASE("mutate draws the op among 18, then the enabled extras") {
  // No sources: below(19); op 4 is FlipBit [pos, bit], 18 = InsertPart.
  CHECK(mutate_once({str("a")}, {4, 0, 0}, false, false)[0].bytes == "`");
  // RemoveChunk (op 0) does not apply to one byte and is drawn again.
  CHECK(mutate_once({str("a")}, {0, 4, 0, 1}, false, false)[0].bytes == "c");
  CHECK(mutate_once({str("ab")}, {18, 0, 1, 2}, false, false)[0].bytes == "abab");
  CHECK_THROWS(mutate_once({str("ab")}, {19}, false, false));
  // Dictionary only: below(21), 18 = DictInsert, 19 = DictOverwrite, 20 = InsertPart.
  CHECK(mutate_once({str("ab")}, {18, 1, 0}, true, false)[0].bytes == "xyab");
  CHECK(mutate_once({str("ab")}, {19, 1, 0}, true, false)[0].bytes == "xy");
  CHECK(mutate_once({str("ab")}, {20, 1, 0, 0}, true, false)[0].bytes == "bab");
  CHECK_THROWS(mutate_once({str("ab")}, {21}, true, false));
  // Splice only: below(22), 18 = SpliceInsert, 19 = SpliceCrossover,
  // 20 = InsertPart, 21 = SplicePart.
  CHECK(mutate_once({str("ab")}, {19, 0, 0, 0}, false, true)[0].bytes == "HELLO");
  CHECK(mutate_once({str("ab")}, {21, 1, 0, 3, 0}, false, true)[0].bytes == "WXYZab");
  CHECK_THROWS(mutate_once({str("ab")}, {22}, false, true));
  // Both: below(24), 20 = SpliceInsert, 21 = SpliceCrossover, 22 = InsertPart, 23 = SplicePart.
  CHECK(mutate_once({str("ab")}, {20, 1, 0, 0, 0, 0}, true, true)[0].bytes == "Wab");
  CHECK(mutate_once({str("ab")}, {22, 0, 0, 2}, true, true)[0].bytes == "aba");
  CHECK(mutate_once({str("ab")}, {23, 0, 2, 2, 0}, true, true)[0].bytes == "LLOab");
  CHECK_THROWS(mutate_once({str("ab")}, {24}, true, true));
  // Compare pairs add CmpReplace last: below(20) without other sources.
  const BasicMutator<ScriptedRandom>::ComparePairs pairs = {{"b", "Z"}};
  BasicMutator<ScriptedRandom> m({19, 0, 0, 0}, 100);
  m.set_compare_pairs(&pairs);
  std::vector<Value> args = {str("ab")};
  m.mutate(args);
  CHECK(args[0].bytes == "aZ");
  CHECK(m.rng().remaining() == 0);
}

TEST_CASE("mutate picks one argument when there are several") {
  std::vector<Value> args = mutate_once({str("a"), Value::of(true), Value::of(5)}, {1}, false, false);
  CHECK(args[0].bytes == "a");
  CHECK(args[1] == Value::of(false));
  CHECK(args[2] == Value::of(5));
  args = mutate_once({str("a"), Value::of(true)}, {0, 5, 0, 31}, false, false);
  CHECK(args[0].bytes == "A");
  CHECK(args[1] == Value::of(true));
}

TEST_CASE("mutate leaves what it cannot change") {
  std::vector<Value> none;
  BasicMutator<ScriptedRandom> m({}, 0);
  m.mutate(none);
  std::vector<Value> empty = {str("")};
  m.mutate(empty);  // max 0: an empty value cannot grow
  CHECK(empty[0].bytes.empty());
}
