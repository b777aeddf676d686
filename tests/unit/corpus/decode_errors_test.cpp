// Every malformed input is rejected with its line and a precise message.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/corpus/corpus_v1.h"

namespace corpus = cxxtest::corpus;

namespace {

struct BadCase {
  const char* text;     // the whole file
  int line;             // expected DecodeError::line
  const char* message;  // expected DecodeError::message
};

void check_rejected(const BadCase& c) {
  std::vector<cxxtest::Value> out;
  corpus::DecodeError err;
  INFO("file: ", c.text);
  CHECK_FALSE(corpus::decode(c.text, out, err));
  CHECK(out.empty());
  CHECK(err.line == c.line);
  CHECK(err.message == c.message);
}

}  // namespace

TEST_CASE("the header line") {
  for (const BadCase& c : std::vector<BadCase>{
           {"", 1, R"x(want "cxxtest fuzz v1", got an empty file)x"},
           {"\n\n", 1, R"x(want "cxxtest fuzz v1", got an empty file)x"},
           {"go test fuzz v1\nint(1)\n", 1, R"x(want "cxxtest fuzz v1", got "go test fuzz v1")x"},
           {" cxxtest fuzz v1\n", 1, R"x(want "cxxtest fuzz v1", got " cxxtest fuzz v1")x"},
           {"int(1)\n", 1, R"x(want "cxxtest fuzz v1", got "int(1)")x"},
       })
    check_rejected(c);
}

TEST_CASE("type names and parentheses") {
  for (const BadCase& c : std::vector<BadCase>{
           {"cxxtest fuzz v1\nstrng(\"a\")\n", 2, R"x(unknown type "strng")x"},
           {"cxxtest fuzz v1\nint32_t(1)\n", 2, R"x(unknown type "int32_t")x"},
           {"cxxtest fuzz v1\nint 3\n", 2, R"x(missing "(" after type int)x"},
           {"cxxtest fuzz v1\nint\n", 2, R"x(missing "(" after type int)x"},
           {"cxxtest fuzz v1\nint(3\n", 2, R"x(missing ")" after int literal, got "")x"},
           {"cxxtest fuzz v1\nint(3;)\n", 2, R"x(missing ")" after int literal, got ";)")x"},
           {"cxxtest fuzz v1\nint(3) x\n", 2, R"x(junk after ")": " x")x"},
           {"cxxtest fuzz v1\nint(3))\n", 2, R"x(junk after ")": ")")x"},
           {"cxxtest fuzz v1\nint(1)\nint(2)\nbool(2)\n", 4, R"x(want true or false, got "2")x"},
       })
    check_rejected(c);
}

TEST_CASE("string and char literals") {
  for (const BadCase& c : std::vector<BadCase>{
           {"cxxtest fuzz v1\nstd::string(\"abc\n", 2, "unterminated string literal"},
           {"cxxtest fuzz v1\nstd::string(\"abc\\\n", 2, "unterminated string literal"},
           {"cxxtest fuzz v1\nstd::string(abc)\n", 2,
            R"x(want a string literal starting with ", got "abc)")x"},
           {"cxxtest fuzz v1\nbytes(\"a\\qb\")\n", 2, R"x(bad escape "\q")x"},
           {"cxxtest fuzz v1\nbytes(\"\\xg0\")\n", 2, R"x(bad escape "\x": \x takes one or two hex digits)x"},
           {"cxxtest fuzz v1\nbytes(\"\\777\")\n", 2, R"x(bad escape "\777": octal above \377)x"},
           {"cxxtest fuzz v1\nbytes(\"a\" \"b\")\n", 2, R"x(missing ")" after bytes literal, got "\"b\")")x"},
           {"cxxtest fuzz v1\nchar('ab')\n", 2, "char literal must hold exactly one byte, got 2"},
           {"cxxtest fuzz v1\nchar('')\n", 2, "char literal must hold exactly one byte, got 0"},
           {"cxxtest fuzz v1\nchar(''')\n", 2, "char literal must hold exactly one byte, got 0"},
           {"cxxtest fuzz v1\nchar('a\n", 2, "unterminated char literal"},
           {"cxxtest fuzz v1\nchar(97)\n", 2, R"x(want a char literal starting with ', got "97)")x"},
       })
    check_rejected(c);
}

TEST_CASE("integers out of range or malformed") {
  for (const BadCase& c : std::vector<BadCase>{
           {"cxxtest fuzz v1\nuint8_t(300)\n", 2, "value 300 out of range for uint8_t"},
           {"cxxtest fuzz v1\nuint8_t(-1)\n", 2, "value -1 out of range for uint8_t"},
           {"cxxtest fuzz v1\nint8_t(128)\n", 2, "value 128 out of range for int8_t"},
           {"cxxtest fuzz v1\nint8_t(-129)\n", 2, "value -129 out of range for int8_t"},
           {"cxxtest fuzz v1\nint(0x80000000)\n", 2, "value 0x80000000 out of range for int"},
           {"cxxtest fuzz v1\nint64_t(-9223372036854775809)\n", 2,
            "value -9223372036854775809 out of range for int64_t"},
           {"cxxtest fuzz v1\nuint64_t(18446744073709551616)\n", 2,
            "value 18446744073709551616 out of range for uint64_t"},
           {"cxxtest fuzz v1\nchar32_t(0x100000000)\n", 2, "value 0x100000000 out of range for char32_t"},
           {"cxxtest fuzz v1\nint(08)\n", 2, R"x(bad integer "08" for int)x"},
           {"cxxtest fuzz v1\nint(1.5)\n", 2, R"x(bad integer "1.5" for int)x"},
           {"cxxtest fuzz v1\nint(+1)\n", 2, R"x(bad integer "+1" for int)x"},
           {"cxxtest fuzz v1\nint(0x)\n", 2, R"x(bad integer "0x" for int)x"},
           {"cxxtest fuzz v1\nint()\n", 2, R"x(bad integer "" for int)x"},
       })
    check_rejected(c);
}

TEST_CASE("floating point literals") {
  const char* want_double = "want a decimal number, +Inf, -Inf, NaN or std::bit_cast<double>(bits)";
  for (const BadCase& c : std::vector<BadCase>{
           {"cxxtest fuzz v1\ndouble(inf)\n", 2, ""},
           {"cxxtest fuzz v1\ndouble(-nan)\n", 2, ""},
           {"cxxtest fuzz v1\ndouble(Inf)\n", 2, ""},
           {"cxxtest fuzz v1\ndouble(0x10)\n", 2, ""},
           {"cxxtest fuzz v1\ndouble(1e999)\n", 2, "value 1e999 out of range for double"},
           {"cxxtest fuzz v1\nfloat(1e39)\n", 2, "value 1e39 out of range for float"},
           {"cxxtest fuzz v1\nfloat(std::bit_cast<double>(0))\n", 2,
            "want std::bit_cast<float>(bits) for float"},
           {"cxxtest fuzz v1\nfloat(std::bit_cast<float>(0x100000000))\n", 2,
            "value 0x100000000 out of range for uint32_t"},
           {"cxxtest fuzz v1\ndouble(std::bit_cast<double>(1)\n", 2,
            R"x(missing ")" after double literal, got "")x"},
       }) {
    BadCase want = c;
    std::string message;
    if (*c.message == '\0') {
      std::string text = c.text, literal = text.substr(text.find('(') + 1);
      literal = literal.substr(0, literal.find(')'));
      message = "bad double \"" + literal + "\": " + want_double;
      want.message = message.c_str();
    }
    check_rejected(want);
  }
}
