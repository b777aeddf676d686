// A v1 literal means what the same text means in C++ source (issue 10,
// 14b), the files the old writer wrote still read as before, a raw control
// byte is a located error (14), and the reader takes the spellings Go's
// reader takes where C++ agrees (12.6).
#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <vector>

#include "runtime/corpus/corpus_v1.h"

using cxxtest::Value;
namespace corpus = cxxtest::corpus;

namespace {

std::vector<Value> decode_ok(const std::string& text) {
  std::vector<Value> out;
  corpus::DecodeError err;
  INFO("file: ", text);
  bool ok = corpus::decode(text, out, err);
  INFO("error: ", err.line, ":", err.col, ": ", err.message);
  REQUIRE(ok);
  return out;
}

Value decode_one(const std::string& line) {
  std::vector<Value> out = decode_ok("cxxtest fuzz v1\n" + line + "\n");
  REQUIRE(out.size() == 1);
  return out[0];
}

corpus::DecodeError decode_bad(const std::string& text) {
  std::vector<Value> out;
  corpus::DecodeError err;
  INFO("file: ", text);
  CHECK_FALSE(corpus::decode(text, out, err));
  CHECK(out.empty());
  return err;
}

std::string str(const char* s, size_t n) { return std::string(s, n); }

}  // namespace

// Each right-hand side is the encoder's output pasted into C++ source: the
// compiler must read it as the bytes that were encoded.
TEST_CASE("an escaped byte before a hex digit is written as C++ reads it") {
  struct Case {
    std::string bytes, literal, as_cxx;
  };
  // Adjacent literals end a \x escape; clang-format would break between them.
  // clang-format off
  for (const Case& c : std::vector<Case>{
           {str("\x03" "0", 2), R"("\0030")", str("\0030", 2)},
           {str("\x01" "a", 2), R"("\001a")", str("\001a", 2)},
           {str("\xff" "F", 2), R"("\377F")", str("\377F", 2)},
           {str("\x00" "9" "\x00", 3), R"("\0009\x00")", str("\0009\x00", 3)},
           {str("\x7f" "g", 2), R"("\x7fg")", str("\x7fg", 2)},
           {str("\n" "a", 2), R"("\na")", str("\na", 2)},
           {str("\x05\x06", 2), R"("\x05\x06")", str("\x05\x06", 2)},
       }) {
    // clang-format on
    INFO("literal: ", c.literal);
    CHECK(c.as_cxx == c.bytes);
    CHECK(corpus::encode_value(Value::of(c.bytes)) == "std::string(" + c.literal + ")");
    CHECK(decode_one("std::string(" + c.literal + ")") == Value::of(c.bytes));
  }
}

TEST_CASE("files of the old writer read as before: \\x takes two digits, a third is a byte") {
  // Adjacent literals end a \x escape; clang-format would break between them.
  // clang-format off
  CHECK(decode_one(R"(std::string("\x030"))").bytes == str("\x03" "0", 2));
  CHECK(decode_one(R"(bytes("\x01abc"))").bytes == str("\x01" "abc", 4));
  // clang-format on
  // and are written the new way.
  CHECK(corpus::encode_value(decode_one(R"(bytes("\x01abc"))")) == R"(bytes("\001abc"))");
  // One hex digit before a non-hex character means what it means in C++.
  CHECK(decode_one(R"(bytes("\x4z"))").bytes == "\x4z");
}

TEST_CASE("every pair of bytes round-trips and never writes a hex digit after \\xHH") {
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; b += 7) {
      std::string bytes = {static_cast<char>(a), static_cast<char>(b)};
      std::string line = corpus::encode_value(Value::of(bytes));
      for (size_t x = line.find("\\x"); x != std::string::npos; x = line.find("\\x", x + 1))
        if (x == 0 || line[x - 1] != '\\')
          CHECK_FALSE(std::isxdigit(static_cast<unsigned char>(line[x + 4])));
      CHECK(decode_one(line) == Value::of(bytes));
    }
}

TEST_CASE("a raw control byte in a literal is an error at its line and column") {
  // Adjacent literals end a \x escape; clang-format would break between them.
  // clang-format off
  corpus::DecodeError err = decode_bad("cxxtest fuzz v1\nint(1)\nstd::string(\"ab\x01" "c\")\n");
  // clang-format on
  CHECK(err.line == 3);
  CHECK(err.col == 16);
  CHECK(err.message == R"(raw control byte 0x01 in string literal: write it as \x01)");
  CHECK(corpus::where("f", err) == "f:3:16: ");

  err = decode_bad("cxxtest fuzz v1\nchar('\x7f')\n");
  CHECK(err.col == 7);
  CHECK(err.message == R"(raw control byte 0x7f in char literal: write it as \x7f)");
  err = decode_bad("cxxtest fuzz v1\nbytes(\"a\rb\")\n");
  CHECK(err.message == R"(raw control byte 0x0d in string literal: write it as \r)");
  const char with_nul[] = "cxxtest fuzz v1\nbytes(\"\0\")\n";
  err = decode_bad(std::string(with_nul, sizeof with_nul - 1));
  CHECK(err.message == R"(raw control byte 0x00 in string literal: write it as \x00)");
  // A tab means a tab in C++ (and Go) source: still accepted.
  CHECK(decode_one("bytes(\"a\tb\")").bytes == "a\tb");
}

TEST_CASE("other errors have columns too") {
  corpus::DecodeError err = decode_bad("cxxtest fuzz v1\n  int(1'000x)\n");
  CHECK(err.line == 2);
  CHECK(err.col == 7);
  err = decode_bad("cxxtest fuzz v1\nbytes(\"ab\\q\")\n");
  CHECK(err.col == 10);
  CHECK(corpus::where("f", corpus::DecodeError{0, "open: x", 0}) == "f: ");
}

TEST_CASE("blank lines and blanks around values are skipped, as Go's reader does") {
  std::vector<Value> out =
      decode_ok("cxxtest fuzz v1\n\n  int(1)\n\t\n\tbool( true )  \r\n \n std::string (\"x\")\n");
  CHECK(out == std::vector<Value>{Value::of(1), Value::of(true), Value::of(std::string("x"))});
  // The header stays exact at its start.
  CHECK(decode_bad(" cxxtest fuzz v1\n").line == 1);
}

TEST_CASE("octal, binary and digit separators, as C++ and Go spell them") {
  CHECK(decode_one("int(0o17)") == Value::of(15));
  CHECK(decode_one("int(017)") == Value::of(15));
  CHECK(decode_one("int(-0O17)") == Value::of(-15));
  CHECK(decode_one("uint8_t(0b101)") == Value::of(static_cast<uint8_t>(5)));
  CHECK(decode_one("int(1'000'000)") == Value::of(1000000));
  CHECK(decode_one("int64_t(-1_000)") == Value::of(static_cast<int64_t>(-1000)));
  CHECK(decode_one("uint32_t(0xffff'ffff)") == Value::of(0xffffffffu));
  CHECK(decode_one("double(1'000.5)") == Value::of(1000.5));
  CHECK(decode_one("double(1_0e1_0)") == Value::of(10e10));
  CHECK(decode_one("int(0)") == Value::of(0));
  CHECK(decode_bad("cxxtest fuzz v1\nint(1'')\n").message ==
        R"(bad integer "1''" for int: a digit separator must stand between two digits)");
  CHECK(decode_bad("cxxtest fuzz v1\nint(_1)\n").line == 2);
  CHECK(decode_bad("cxxtest fuzz v1\nint(1_)\n").line == 2);
  CHECK(decode_bad("cxxtest fuzz v1\nint(0o8)\n").message == R"(bad integer "0o8" for int)");
  CHECK(decode_bad("cxxtest fuzz v1\nuint8_t(0b1'0000'0000)\n").message ==
        "value 0b1'0000'0000 out of range for uint8_t");
  // The writer stays canonical.
  CHECK(corpus::encode_value(decode_one("int(0o17)")) == "int(15)");
}
