// corpus/corpus_v1.h: the `cxxtest fuzz v1` corpus file codec.
//
// Format (testdata/fuzz/FuzzXxx/<name> and the generated corpus alike):
//
//   cxxtest fuzz v1\n              line 1, exactly this text
//   // needs: -asan\n             optional, line 2: the build flags the
//                                  input was found with (below)
//   type(literal)\n                one line per fuzz argument, in order
//
// `// needs: <flags>` marks an input found by a sanitizer build (-asan,
// -ubsan, -race, several separated by blanks): a plain build may pass it.
// A plain `cxxtest` run therefore runs such inputs a second time, in a
// build with those flags (driver/needs_runs.h). Any other line whose text
// starts with `//` is a comment; Go's reader has neither.
//
// `type` is kind_name() from <cxxtest/value.h>. Literals, as written:
//
//   bytes, std::string   "..." double-quoted: printable ASCII (0x20..0x7e) as
//                        is except `"` and `\`, which are escaped; \n \t \r;
//                        every other byte \xHH (lowercase, exactly two
//                        digits), or \NNN (three octal digits) when the next
//                        byte is a hex digit character: C++ reads every hex
//                        digit after \x, so "\x030" would be one byte there.
//                        So every literal written means the same bytes as
//                        the C++ string literal (paste it into a test).
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
// Read, beyond what is written, where C++ (and Go's reader, for its own
// spellings) means the same:
//  - escapes \0 \a \b \f \v \' \" \? and octal \N, \NN, \NNN (at most
//    \377); \x with one or two hex digits. A third hex digit after \x is a
//    byte of its own, unlike C++: files written before the writer switched
//    to octal there hold "\x030" for the bytes 03 '0', and still read so;
//  - raw bytes other than `\`, the quote and control bytes, among them tab
//    and UTF-8; a raw control byte (0x00..0x1f but tab, and 0x7f) is an
//    error at its column, as no writer ever wrote one;
//  - integers (and char32_t, and the bit_cast argument) in decimal, 0x hex,
//    0b binary, octal with a leading 0 (C++ and Go) or 0o (Go), with a
//    leading `-` for signed kinds, range-checked for their type; floats as
//    any std::from_chars decimal (an integer too) and the bit_cast form with
//    any bit pattern. Numbers may hold digit separators, C++'s 1'000 or
//    Go's 1_000, each between two digits;
//  - blanks (space, tab, `\r`) around a value line, around its literal
//    inside the parentheses and before the `(`; blank lines anywhere after
//    the header (Go's reader skips them too); trailing blanks on the header;
//  - comment lines (`//` first after blanks), `// needs:` among them.
// Everything else is an error: DecodeError names its line and, for a value
// line, its column.
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
  int col = 0;  // 1-based byte column in the line, 0: not known
};

// "path:line:col: " for an error in file `path` (no line or column where
// they are 0), to prefix err.message with.
std::string where(const std::string& path, const DecodeError& err);

inline constexpr std::string_view kNeedsPrefix = "// needs: ";

// The whole file: kHeader + "\n", then encode_value(v) + "\n" per value.
// With `needs` ("-asan"), the line kNeedsPrefix + needs follows the header.
std::string encode(std::span<const cxxtest::Value> values, std::string_view needs = {});

// The flags of the file's `// needs:` line ("-asan"), "" when it has none.
// Only the second line counts, so a caller may pass the first few hundred
// bytes of a file.
std::string needs_of(std::string_view text);

// needs_of() of a file's first 512 bytes ("" if it cannot be read).
std::string needs_of_file(const std::filesystem::path& file);

// One `type(literal)`, without a newline.
std::string encode_value(const cxxtest::Value& v);

// Parses a whole file. On success returns true and replaces `out` with the
// values. On failure returns false, leaves `out` empty and fills `err`.
bool decode(std::string_view text, std::vector<cxxtest::Value>& out, DecodeError& err);

// decode() of a file's contents. An I/O failure returns false with
// err.line == 0 and err.message naming the OS error ("open: <strerror>").
bool decode_file(const std::filesystem::path& file, std::vector<cxxtest::Value>& out, DecodeError& err);

}  // namespace cxxtest::corpus
