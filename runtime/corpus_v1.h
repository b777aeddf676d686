// corpus_v1.h: the `cxxtest fuzz v1` corpus file codec.
//
// Format (testdata/fuzz/FuzzXxx/<name> and the generated corpus alike):
//
//   cxxtest fuzz v1\n              line 1, exactly this text
//   type(literal)\n                one line per fuzz argument, in order
//
// `type` is kind_name() from <cxxtest/value.h>. Literals, as written:
//
//   bytes, std::string   "..." double-quoted: printable ASCII (0x20..0x7e) as
//                        is except `"` and `\`, which are escaped; \n \t \r;
//                        every other byte \xHH (lowercase, exactly two digits)
//   bool                 true | false
//   char                 '...' one byte, escaped like a string except that
//                        `'` is escaped and `"` is not: 'a', '\'', '\x00'
//   int8_t ... uint64_t  decimal: int(-3), uint64_t(18446744073709551615)
//   char32_t             0x + lowercase hex: char32_t(0x4e2d)
//   float, double        shortest round-trip decimal (std::to_chars), -0,
//                        +Inf, -Inf, NaN (only the canonical quiet NaN
//                        0x7ff8000000000000 / 0x7fc00000); any other NaN as
//                        std::bit_cast<double>(0x7ff8000000000001) or
//                        std::bit_cast<float>(0x7fc00001)
//
// Accepted on read beyond what is written: escapes \0 \a \b \f \v \' \" \?
// and octal \N, \NN, \NNN (at most 255); unlike C++, \x takes exactly two hex
// digits. Integers (and char32_t, and the bit_cast argument) in decimal or
// 0x hex, with a leading `-` for signed kinds, range-checked for their type;
// a decimal with a leading zero (octal in C++) is rejected. Floats accept any
// std::from_chars decimal (an integer too) and the bit_cast form with any
// bit pattern. Trailing spaces, tabs and `\r` on any line and blank lines at
// the end of the file are ignored. Everything else is an error.
//
// Guarantees, for every well-formed Value (payload as Value::of makes it):
// decode(encode(v)) yields v (Value operator==, so NaN payloads and -0
// survive), and encode(decode(encode(v))) == encode(v) byte for byte.
// A file with the header and no values decodes to an empty list; checking
// the count and kinds against the fuzz function is the caller's job.
#pragma once

#include <cxxtest/value.h>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::corpus {

inline constexpr std::string_view kHeader = "cxxtest fuzz v1";

// Where and why decoding failed. line is 1-based (0: the file could not be
// read); message says what is wrong and, where it helps, what was expected.
struct DecodeError {
  int line = 0;
  std::string message;
};

// The whole file: kHeader + "\n", then encode_value(v) + "\n" per value.
std::string encode(std::span<const cxxtest::Value> values);

// One `type(literal)`, without a newline.
std::string encode_value(const cxxtest::Value& v);

// Parses a whole file. On success returns true and replaces `out` with the
// values. On failure returns false, leaves `out` empty and fills `err`.
bool decode(std::string_view text, std::vector<cxxtest::Value>& out, DecodeError& err);

// decode() of a file's contents. An I/O failure returns false with
// err.line == 0 and err.message naming the OS error ("open: <strerror>").
bool decode_file(const std::filesystem::path& file, std::vector<cxxtest::Value>& out, DecodeError& err);

}  // namespace cxxtest::corpus
