// What decode() accepts beyond what encode() writes, and decode_file().
#include <doctest/doctest.h>

#include <bit>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "runtime/corpus/corpus_v1.h"
#include "scratch.h"

using cxxtest::Kind;
using cxxtest::Value;
namespace corpus = cxxtest::corpus;

namespace {

// The one value of `header + line`; fails the test if it does not decode.
Value decode_one(const std::string& line) {
  std::vector<Value> out;
  corpus::DecodeError err;
  INFO("line: ", line, " error: ", err.message);
  REQUIRE(corpus::decode("cxxtest fuzz v1\n" + line + "\n", out, err));
  REQUIRE(out.size() == 1);
  return out[0];
}

}  // namespace

TEST_CASE("string escapes beyond the written ones") {
  CHECK(decode_one(R"x(std::string("\0\a\b\f\v\'\"\?"))x").bytes == std::string("\0\a\b\f\v'\"?", 8));
  CHECK(decode_one(R"x(std::string("\101\7\12\0012\377"))x").bytes == std::string("A\7\n\0012\377", 6));
  CHECK(decode_one(R"x(bytes("\xFFz\x0a"))x").bytes == "\xffz\n");
}

TEST_CASE("raw bytes and quotes of the other kind are taken as is") {
  CHECK(decode_one("std::string(\"it's\t\xc3\xa9\")").bytes == "it's\t\xc3\xa9");
  CHECK(decode_one(R"x(char('"'))x").bits == '"');
  CHECK(decode_one(R"x(char('\"'))x").bits == '"');
  CHECK(decode_one(R"x(char('\377'))x").bits == 0xff);
  CHECK(decode_one(R"x(char('\0'))x").bits == 0);
}

TEST_CASE("integers in hex, negative hex and decimal char32_t") {
  CHECK(decode_one("int(0x10)") == Value::of(16));
  CHECK(decode_one("int(-0x80000000)") == Value::of(-2147483647 - 1));
  CHECK(decode_one("int8_t(-0X80)") == Value::of(static_cast<int8_t>(-128)));
  CHECK(decode_one("uint64_t(0xFFFFFFFFFFFFFFFF)") == Value::of(~0ull));
  CHECK(decode_one("char32_t(20013)") == Value::of(U'\x4e2d'));
  CHECK(decode_one("int(0)") == Value::of(0));
  CHECK(decode_one("int(-0)") == Value::of(0));
}

TEST_CASE("floats from integers, exponents and any bit_cast pattern") {
  CHECK(decode_one("double(1)") == Value::of(1.0));
  CHECK(decode_one("double(-.5)") == Value::of(-0.5));
  CHECK(decode_one("float(1e-45)") == Value::of(std::numeric_limits<float>::denorm_min()));
  CHECK(decode_one("double(std::bit_cast<double>(0x3ff0000000000000))") == Value::of(1.0));
  CHECK(decode_one("float(std::bit_cast<float>(0))") == Value::of(0.0f));
  CHECK(decode_one("double(+Inf)") == Value::of(std::numeric_limits<double>::infinity()));
  CHECK(decode_one("float(NaN)").bits == 0x7fc00000);
  CHECK(decode_one("double(NaN)").bits == 0x7ff8000000000000);
}

TEST_CASE("trailing whitespace, CRLF, a missing final newline and trailing blank lines") {
  std::vector<Value> out;
  corpus::DecodeError err;
  REQUIRE(corpus::decode("cxxtest fuzz v1 \r\nint(1)\t \r\nbool(true)\r\n\r\n  \n\n", out, err));
  CHECK(out == std::vector<Value>{Value::of(1), Value::of(true)});
  REQUIRE(corpus::decode("cxxtest fuzz v1\nint(2)", out, err));
  CHECK(out == std::vector<Value>{Value::of(2)});
}

TEST_CASE("a header without values decodes to no values") {
  std::vector<Value> out = {Value::of(1)};
  corpus::DecodeError err;
  REQUIRE(corpus::decode("cxxtest fuzz v1\n", out, err));
  CHECK(out.empty());
}

TEST_CASE("decode_file reads a file and reports I/O errors on line 0") {
  cxxtest::testing::ScratchDir dir;
  std::vector<Value> out;
  corpus::DecodeError err;
  std::ofstream(dir / "good") << "cxxtest fuzz v1\nstd::string(\"x\")\nint(7)\n";
  REQUIRE(corpus::decode_file(dir / "good", out, err));
  CHECK(out == std::vector<Value>{Value::of(std::string("x")), Value::of(7)});

  CHECK_FALSE(corpus::decode_file(dir / "missing", out, err));
  CHECK(err.line == 0);
  CHECK(err.message == "open: No such file or directory");

  CHECK_FALSE(corpus::decode_file(dir.path(), out, err));
  CHECK(err.line == 0);
  CHECK(err.message == "read: Is a directory");

  std::ofstream(dir / "bad") << "cxxtest fuzz v1\nint(7)\nint(x)\n";
  CHECK_FALSE(corpus::decode_file(dir / "bad", out, err));
  CHECK(err.line == 3);
  CHECK(out.empty());
}
