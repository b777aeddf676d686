// The `// needs:` line: written after the header, read back by needs_of(),
// and skipped (like every `//` comment) by decode().
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/corpus/corpus_v1.h"

using cxxtest::Value;
namespace corpus = cxxtest::corpus;

TEST_CASE("encode writes the needs line second, and decode skips it") {
  std::vector<Value> in{Value::of(std::string("HI"))};
  std::string text = corpus::encode(in, "-asan");
  CHECK(text == "cxxtest fuzz v1\n// needs: -asan\nstd::string(\"HI\")\n");
  std::vector<Value> out;
  corpus::DecodeError err;
  REQUIRE(corpus::decode(text, out, err));
  CHECK(out == in);
  CHECK(corpus::needs_of(text) == "-asan");
  CHECK(corpus::encode(in, "") == corpus::encode(in));
}

TEST_CASE("needs_of reads only a complete second line after the header") {
  CHECK(corpus::needs_of("cxxtest fuzz v1\n// needs: -asan -ubsan \n") == "-asan -ubsan");
  CHECK(corpus::needs_of("cxxtest fuzz v1\n\n  // needs: -race\n") == "-race");  // blank lines do not count
  CHECK(corpus::needs_of("cxxtest fuzz v1\n// needs: -as") == "");               // cut: no newline yet
  CHECK(corpus::needs_of("cxxtest fuzz v1\nint(1)\n// needs: -asan\n") == "");   // not second
  CHECK(corpus::needs_of("cxxtest fuzz v2\n// needs: -asan\n") == "");           // not a v1 file
  CHECK(corpus::needs_of("cxxtest fuzz v1\n// a comment\n") == "");
}

TEST_CASE("comment lines are skipped anywhere after the header") {
  std::vector<Value> out;
  corpus::DecodeError err;
  REQUIRE(corpus::decode("cxxtest fuzz v1\n// first\nint(1)\n  // indented\nint(2)\n", out, err));
  CHECK(out.size() == 2);
  CHECK_FALSE(corpus::decode("cxxtest fuzz v1\nint(1) // trailing\n", out, err));  // only whole lines
}
