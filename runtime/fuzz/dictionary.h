// dictionary.h: fuzzing dictionaries in the AFL / libFuzzer format, as in
// testdata/fuzz/FuzzXxx.dict:
//
//   # a comment
//   kw_true="true"          name, '=', then a quoted value
//   "\x7fELF"               or just the quoted value
//   level@2="x"             AFL's "@level" suffix on the name is accepted
//
// Inside the quotes: printable bytes as they are, and the escapes \\ \" and
// \xHH (two hex digits). Anything else is an error with its line number.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::fuzz {

struct DictError {
  int line = 0;  // 1-based; 0 for an I/O error
  std::string message;
};

// Appends each entry's value to `out`. On the first bad line returns false
// with `err` set and `out` holding the entries before it.
bool parse_dictionary(std::string_view text, std::vector<std::string>& out, DictError& err);

// Reads and parses a .dict file; a missing file is not an error (returns
// true, adds nothing), an unreadable one is.
bool load_dictionary(const std::filesystem::path& file, std::vector<std::string>& out, DictError& err);

// `value` as one dictionary line's quoted value, which parse_dictionary
// reads back as `value`: printable bytes as they are, \\ \" and \xHH.
std::string quote_dictionary_value(std::string_view value);

}  // namespace cxxtest::fuzz
