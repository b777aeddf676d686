// The exact text encode() writes for each kind.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "runtime/corpus/corpus_v1.h"

using cxxtest::Value;
using cxxtest::corpus::encode;
using cxxtest::corpus::encode_value;

namespace {

Value bytes_value(std::string s) {
  Value v;
  v.kind = cxxtest::Kind::Bytes;
  v.bytes = std::move(s);
  return v;
}

}  // namespace

TEST_CASE("encode writes the header and one line per value") {
  std::vector<Value> values = {Value::of(std::string("a\0b", 3)), Value::of(-3)};
  // "a\x00b" would be 'a' 0x0b in C++: a byte before a hex digit is octal.
  CHECK(encode(values) == "cxxtest fuzz v1\nstd::string(\"a\\000b\")\nint(-3)\n");
  CHECK(encode({}) == "cxxtest fuzz v1\n");
}

TEST_CASE("encode_value: byte strings") {
  CHECK(encode_value(bytes_value("\xff\x01")) == R"x(bytes("\xff\x01"))x");
  CHECK(encode_value(Value::of(std::string("\"\\\n\t\r'?"))) == R"x(std::string("\"\\\n\t\r'?"))x");
  CHECK(encode_value(Value::of(std::string(" ~\x7f\x1f"))) == R"x(std::string(" ~\x7f\x1f"))x");
  CHECK(encode_value(Value::of(std::string("\x01"
                                           "a"))) == R"x(std::string("\001a"))x");
  CHECK(encode_value(Value::of(std::string())) == R"x(std::string(""))x");
}

TEST_CASE("encode_value: bool, char and char32_t") {
  CHECK(encode_value(Value::of(true)) == "bool(true)");
  CHECK(encode_value(Value::of(false)) == "bool(false)");
  CHECK(encode_value(Value::of('a')) == "char('a')");
  CHECK(encode_value(Value::of('\0')) == R"x(char('\x00'))x");
  CHECK(encode_value(Value::of('\'')) == R"x(char('\''))x");
  CHECK(encode_value(Value::of('"')) == R"x(char('"'))x");
  CHECK(encode_value(Value::of('\\')) == R"x(char('\\'))x");
  CHECK(encode_value(Value::of(static_cast<char>(0xe9))) == R"x(char('\xe9'))x");
  CHECK(encode_value(Value::of(U'\x4e2d')) == "char32_t(0x4e2d)");
  CHECK(encode_value(Value::of(U'\0')) == "char32_t(0x0)");
  CHECK(encode_value(Value::of(static_cast<char32_t>(0xffffffff))) == "char32_t(0xffffffff)");
}

TEST_CASE("encode_value: integers in decimal") {
  CHECK(encode_value(Value::of(-3)) == "int(-3)");
  CHECK(encode_value(Value::of(std::numeric_limits<uint64_t>::max())) == "uint64_t(18446744073709551615)");
  CHECK(encode_value(Value::of(std::numeric_limits<int64_t>::min())) == "int64_t(-9223372036854775808)");
  CHECK(encode_value(Value::of(static_cast<int8_t>(-128))) == "int8_t(-128)");
  CHECK(encode_value(Value::of(static_cast<uint8_t>(255))) == "uint8_t(255)");
  CHECK(encode_value(Value::of(static_cast<int16_t>(-32768))) == "int16_t(-32768)");
  CHECK(encode_value(Value::of(static_cast<uint16_t>(65535))) == "uint16_t(65535)");
  CHECK(encode_value(Value::of(4294967295u)) == "uint32_t(4294967295)");
}

TEST_CASE("encode_value: floating point") {
  CHECK(encode_value(Value::of(0.1)) == "double(0.1)");
  CHECK(encode_value(Value::of(1e6)) == "double(1e+06)");
  CHECK(encode_value(Value::of(-0.0)) == "double(-0)");
  CHECK(encode_value(Value::of(0.0f)) == "float(0)");
  CHECK(encode_value(Value::of(std::numeric_limits<float>::max())) == "float(3.4028235e+38)");
  CHECK(encode_value(Value::of(std::numeric_limits<double>::denorm_min())) == "double(5e-324)");
  CHECK(encode_value(Value::of(std::numeric_limits<double>::infinity())) == "double(+Inf)");
  CHECK(encode_value(Value::of(-std::numeric_limits<float>::infinity())) == "float(-Inf)");
  CHECK(encode_value(Value::of(std::bit_cast<double>(0x7ff8000000000000ull))) == "double(NaN)");
  CHECK(encode_value(Value::of(std::bit_cast<float>(0x7fc00000u))) == "float(NaN)");
  CHECK(encode_value(Value::of(std::bit_cast<double>(0x7ff8000000000001ull))) ==
        "double(std::bit_cast<double>(0x7ff8000000000001))");
  CHECK(encode_value(Value::of(std::bit_cast<double>(0xfff8000000000000ull))) ==
        "double(std::bit_cast<double>(0xfff8000000000000))");
  CHECK(encode_value(Value::of(std::bit_cast<float>(0x7fc00001u))) ==
        "float(std::bit_cast<float>(0x7fc00001))");
  CHECK(encode_value(Value::of(std::bit_cast<float>(0x7f800001u))) ==
        "float(std::bit_cast<float>(0x7f800001))");
}
