#include <doctest/doctest.h>

#include "fuzz/dictionary.h"

using cxxtest::fuzz::DictError;
using cxxtest::fuzz::parse_dictionary;

namespace {

// The error of parsing `text`, as "LINE: message"; "" when it parses.
std::string error_of(std::string_view text) {
  std::vector<std::string> out;
  DictError err;
  if (parse_dictionary(text, out, err)) return "";
  return std::to_string(err.line) + ": " + err.message;
}

}  // namespace

TEST_CASE("AFL/libFuzzer dictionary entries") {
  std::vector<std::string> out;
  DictError err;
  REQUIRE(
      parse_dictionary("# keywords\n"
                       "kw_true=\"true\"\n"
                       "\n"
                       "  \"null\"  \n"
                       "magic = \"\\x7fELF\"\n"
                       "quote=\"a\\\"b\\\\c\"\r\n"
                       "level@2=\"deep\"\n",
                       out, err));
  CHECK(out == std::vector<std::string>{"true", "null", std::string("\x7f") + "ELF", "a\"b\\c", "deep"});
}

TEST_CASE("a bad line is an error with its line number") {
  CHECK(error_of("ok=\"x\"\nbad\n") == "2: want name=\"value\" or \"value\"");
  CHECK(error_of("x=\"unterminated\n") == "1: want a value in double quotes");
  CHECK(error_of("x=\"a\\qb\"") == "1: unknown escape \\q (want \\\\, \\\" or \\xHH)");
  CHECK(error_of("x=\"\\x4\"") == "1: \\x must be followed by two hex digits");
  CHECK(error_of("x y=\"v\"") == "1: bad character ' ' in the name");
  CHECK(error_of("name \"v\"") == "1: want '=' between the name and the value");
  CHECK(error_of("=\"v\"") == "1: missing name before '='");
  CHECK(error_of("x=\"a\"b\"") == "1: unescaped '\"' inside the value (write \\\")");
  CHECK(error_of("x=\"tab\there\"") == "1: non-printable byte inside the value (write it as \\xHH)");
}

TEST_CASE("a missing file is an empty dictionary") {
  std::vector<std::string> out;
  DictError err;
  CHECK(cxxtest::fuzz::load_dictionary("/nonexistent/FuzzX.dict", out, err));
  CHECK(out.empty());
}

TEST_CASE("quote_dictionary_value round-trips every byte through parse_dictionary") {
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  std::string line = "auto=" + cxxtest::fuzz::quote_dictionary_value(all) + "\n";
  CHECK(cxxtest::fuzz::quote_dictionary_value("a\"b\\c\n") == "\"a\\\"b\\\\c\\x0a\"");
  std::vector<std::string> out;
  cxxtest::fuzz::DictError err;
  REQUIRE(cxxtest::fuzz::parse_dictionary(line, out, err));
  REQUIRE(out.size() == 1);
  CHECK(out[0] == all);
}
