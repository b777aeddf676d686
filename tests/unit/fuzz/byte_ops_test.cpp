// byte_ops_test.cpp: Go's 18 byte-slice ops with scripted draws (fuzz/byte_ops.h).
// chooseLen draws two values: {0, k-1} means "90% branch, length k".
#include "op_harness.h"

#include "fuzz/byte_ops.h"

using namespace std::string_literals;
using cxxtest::fuzz::ByteOp;
using cxxtest::fuzz::ScriptedRandom;

TEST_CASE("choose_len takes 1..8, 1..32 or 1..n by the first draw") {
  ScriptedRandom r{0, 7, 89, 0, 90, 31, 98, 5, 99, 999, 0, 2};
  CHECK(cxxtest::fuzz::ops::choose_len(r, 1000) == 8);
  CHECK(cxxtest::fuzz::ops::choose_len(r, 1000) == 1);
  CHECK(cxxtest::fuzz::ops::choose_len(r, 1000) == 32);
  CHECK(cxxtest::fuzz::ops::choose_len(r, 1000) == 6);
  CHECK(cxxtest::fuzz::ops::choose_len(r, 1000) == 1000);
  CHECK(cxxtest::fuzz::ops::choose_len(r, 3) == 3);  // below(min(8, 3))
}

TEST_CASE("RemoveChunk") {
  CHECK(apply_op(ByteOp::RemoveChunk, "abcdef", {1, 0, 1}) == "adef");
  CHECK(apply_op(ByteOp::RemoveChunk, "abcdef", {4, 0, 1}) == "abcd");
  CHECK_FALSE(op_applies(ByteOp::RemoveChunk, "a", {}));
}

TEST_CASE("InsertRandom") {
  CHECK(apply_op(ByteOp::InsertRandom, "ab", {1, 0, 2, 0x636465}) == "aedcb");
  CHECK(apply_op(ByteOp::InsertRandom, "", {0, 90, 8, 0x3837363534333231, 0x39}) == "123456789");
  CHECK_FALSE(op_applies(ByteOp::InsertRandom, "ab", {0, 0, 2}, 4));
  CHECK(apply_op(ByteOp::InsertRandom, "ab", {2, 0, 1, 0x7a7a}, 4) == "abzz");
}

TEST_CASE("InsertPart: [src, k-1, dst], k uniform up to the rest") {
  CHECK(apply_op(ByteOp::InsertPart, "abcd", {1, 2, 4}) == "abcdbcd");  // the whole rest
  CHECK(apply_op(ByteOp::InsertPart, "abcd", {0, 3, 0}) == "abcdabcd");
  CHECK(apply_op(ByteOp::InsertPart, "a", {0, 0, 1}) == "aa");
  CHECK_FALSE(op_applies(ByteOp::InsertPart, "", {}));
  CHECK_FALSE(op_applies(ByteOp::InsertPart, "abcd", {0, 3, 0}, 7));  // 8 > max
}

TEST_CASE("DuplicateChunk") {
  CHECK(apply_op(ByteOp::DuplicateChunk, "abcd", {1, 0, 1, 4}) == "abcdbc");
  CHECK(apply_op(ByteOp::DuplicateChunk, "abcd", {0, 0, 2, 2}) == "ababccd");  // inside itself
  // Growing past the small-string buffer reallocates with the source inside.
  CHECK(apply_op(ByteOp::DuplicateChunk, "0123456789abcde", {0, 0, 7, 15}) == "0123456789abcde01234567");
  CHECK_FALSE(op_applies(ByteOp::DuplicateChunk, "abcd", {0, 0, 2, 2}, 6));
  CHECK_FALSE(op_applies(ByteOp::DuplicateChunk, "a", {}));
}

TEST_CASE("CopyChunk") {
  CHECK(apply_op(ByteOp::CopyChunk, "abcdef", {0, 2, 0, 2}) == "abcabc");
  CHECK(apply_op(ByteOp::CopyChunk, "abcdef", {0, 3, 0, 4}) == "abcdab");  // cut at the end
  CHECK(apply_op(ByteOp::CopyChunk, "abcdef", {3, 0, 0, 1}) == "decdef");
  CHECK_FALSE(op_applies(ByteOp::CopyChunk, "a", {}));
}

TEST_CASE("FlipBit, XorByte, SwapBytes") {
  CHECK(apply_op(ByteOp::FlipBit, "xAx", {1, 5}) == "xax");
  CHECK_FALSE(op_applies(ByteOp::FlipBit, "", {}));
  CHECK(apply_op(ByteOp::XorByte, "a", {0, 31}) == "A");
  CHECK(apply_op(ByteOp::XorByte, "\x00"s, {0, 254}) == "\xff");
  CHECK(apply_op(ByteOp::SwapBytes, "abc", {0, 1}) == "cba");
  CHECK(apply_op(ByteOp::SwapBytes, "abc", {2, 0}) == "cba");
  CHECK_FALSE(op_applies(ByteOp::SwapBytes, "a", {}));
}

TEST_CASE("AddSub on 8/16/32/64-bit words, both endiannesses") {
  CHECK(apply_op(ByteOp::AddSub8, "\x00"s, {0, 2, 0}) == "\x03"s);
  CHECK(apply_op(ByteOp::AddSub8, "\x01"s, {0, 1, 1}) == "\xff"s);
  CHECK(apply_op(ByteOp::AddSub16, "\x00\xff"s, {0, 0, 0, 0}) == "\x01\xff"s);
  CHECK(apply_op(ByteOp::AddSub16, "\x00\xff"s, {0, 0, 0, 1}) == "\x01\x00"s);
  CHECK(apply_op(ByteOp::AddSub32, "\xff\xff\xff\xff\x00"s, {0, 0, 0, 0}) == "\x00\x00\x00\x00\x00"s);
  CHECK(apply_op(ByteOp::AddSub32, "x\x00\x00\x00\x00"s, {1, 0, 1, 1}) == "x\xff\xff\xff\xff"s);
  CHECK(apply_op(ByteOp::AddSub64, std::string(8, '\0'), {0, 34, 1, 1}) ==
        "\xff\xff\xff\xff\xff\xff\xff\xdd"s);
  CHECK_FALSE(op_applies(ByteOp::AddSub64, std::string(7, '\0'), {}));
  CHECK_FALSE(op_applies(ByteOp::AddSub16, "a", {}));
}

TEST_CASE("Interesting 8/16/32-bit values") {
  CHECK(apply_op(ByteOp::Interesting8, "xx", {1, 0}) == "x\x80");
  CHECK(apply_op(ByteOp::Interesting16, "xxx", {0, 17, 1}) == "\x10\x00x"s);
  CHECK(apply_op(ByteOp::Interesting16, "xxx", {1, 17, 0}) == "x\x00\x10"s);
  CHECK(apply_op(ByteOp::Interesting32, "xxxx", {0, 26, 0}) == "\xff\xff\xff\x7f"s);
  CHECK(apply_op(ByteOp::Interesting32, "xxxx", {0, 19, 1}) == "\x80\x00\x00\x00"s);
  CHECK_FALSE(op_applies(ByteOp::Interesting32, "xxx", {}));
  // The 8-bit table has 9 entries, the 16-bit 19, the 32-bit 27.
  cxxtest::fuzz::BasicMutator<ScriptedRandom> m8({0, 9}, 100), m16({0, 19, 0}, 100);
  std::string x = "xx";
  CHECK_THROWS(m8.apply(ByteOp::Interesting8, x, 0));
  CHECK_THROWS(m16.apply(ByteOp::Interesting16, x, 0));
}

TEST_CASE("InsertRepeated and OverwriteRepeated") {
  // The byte: 0x00 for a first draw of 0, 0xff for 1, else any (a second draw).
  CHECK(apply_op(ByteOp::InsertRepeated, "ab", {2, 0, 2, 3, 'z'}) == "abzzz");
  CHECK(apply_op(ByteOp::InsertRepeated, "ab", {1, 0, 1, 1}) ==
        "a\xff\xff"
        "b");
  CHECK(apply_op(ByteOp::InsertRepeated, "", {0, 99, 4095, 0}, 4096) == std::string(4096, '\0'));
  CHECK_FALSE(op_applies(ByteOp::InsertRepeated, "ab", {0, 0, 2}, 4));
  CHECK(apply_op(ByteOp::OverwriteRepeated, "abcdef", {2, 0, 1, 2, '-'}) == "ab--ef");
  CHECK(apply_op(ByteOp::OverwriteRepeated, "abc", {1, 0, 1, 0}) == std::string("a\0\0", 3));
  CHECK(apply_op(ByteOp::OverwriteRepeated, "a", {0, 0, 0, 3, 'b'}) == "b");
  CHECK_FALSE(op_applies(ByteOp::OverwriteRepeated, "", {}));
}

TEST_CASE("ShuffleChunk") {
  CHECK(apply_op(ByteOp::ShuffleChunk, "abcdef", {1, 0, 2, 0, 1}) == "adcbef");
  CHECK(apply_op(ByteOp::ShuffleChunk, "abcd", {0, 0, 3, 0, 2, 1}) == "dbca");
  CHECK_FALSE(op_applies(ByteOp::ShuffleChunk, "abcdef", {0, 0, 1}));  // a chunk of 2
  CHECK_FALSE(op_applies(ByteOp::ShuffleChunk, "ab", {}));
}

TEST_CASE("SwapChunks") {
  CHECK(apply_op(ByteOp::SwapChunks, "abcdef", {0, 1, 0, 1}) == "decabf");
  CHECK(apply_op(ByteOp::SwapChunks, "abcdef", {0, 2, 0, 0}) == "defabc");
  CHECK(apply_op(ByteOp::SwapChunks, "ab", {0, 0, 0, 0}) == "ba");
  CHECK_FALSE(op_applies(ByteOp::SwapChunks, "a", {}));
}

TEST_CASE("AsciiInteger: [pos, how, x if how == 4], the digit run at or after pos, same width") {
  CHECK(apply_op(ByteOp::AsciiInteger, "[123]", {0, 0}) == "[124]");  // +1
  CHECK(apply_op(ByteOp::AsciiInteger, "a99,7", {1, 0}) == "a00,7");  // wraps in its width
  CHECK(apply_op(ByteOp::AsciiInteger, "x=19", {2, 3}) == "x=38");    // *2
  CHECK(apply_op(ByteOp::AsciiInteger, "x=19", {3, 3}) == "x=18");    // from inside a run: its rest
  CHECK(apply_op(ByteOp::AsciiInteger, "7,10", {1, 2}) == "7,05");    // /2, the next run
  CHECK(apply_op(ByteOp::AsciiInteger, "12", {0, 4, 150}) == "06");   // 150 % 144
  // 2^64 - 1, the limit of a parser's unsigned accumulator.
  CHECK(apply_op(ByteOp::AsciiInteger, "00000000000000000000", {0, 1}) == "18446744073709551615");
  CHECK_FALSE(op_applies(ByteOp::AsciiInteger, "abc", {0}));
  CHECK_FALSE(op_applies(ByteOp::AsciiInteger, "", {}));
}
