// auto_dict_test.cpp: the automatic dictionary (engine/shared/auto_dict.h) and
// which learned tokens an input is credited with (engine/worker/guidance.h).
#include "engine/shared/auto_dict.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "engine/worker/cmp_table.h"
#include "engine/worker/guidance.h"
#include "intercept/compare_hooks.h"
#include "scratch.h"

using namespace cxxtest::runtime::engine;
using cxxtest::Value;
using cxxtest::testing::ScratchDir;

TEST_CASE("Learned tokens travel through the report area, each whole") {
  ShmView shm;
  cxxtest::Expected<int> fd = create_shm(64, shm);
  REQUIRE(fd);
  std::string binary("\x00\xff\"", 3);
  std::string too_long(kMaxTokenBytes + 1, 'x');
  write_learned(shm, {"GET ", too_long, binary, ""});
  CHECK(shm.header().learned_len == 1 + 4 + 1 + 3);
  CHECK(read_learned(shm) == std::vector<std::string>{"GET ", binary});
  write_learned(shm, {});
  CHECK(read_learned(shm).empty());
  close(*fd);
}

TEST_CASE("The dictionary file sits beside the corpus dir, survives a reload and skips known tokens") {
  ScratchDir dir;
  auto corpus = dir / "fuzz" / "example.com" / "m" / "FuzzX";
  auto file = auto_dict_path(corpus);
  CHECK(file == dir / "fuzz" / "example.com" / "m" / "FuzzX.dict");
  CHECK(auto_dict_path(corpus.string() + "/") == file);
  {
    AutoDict d(file);
    CHECK(d.tokens().empty());
    REQUIRE(d.add({"magic", std::string("\x01\x02", 2)}));
    REQUIRE(d.add({"magic"}));
  }
  AutoDict again(file);
  CHECK(again.tokens() == std::vector<std::string>{"magic", std::string("\x01\x02", 2)});
}

TEST_CASE("A malformed dictionary file is a cache to start over, and the store is capped") {
  ScratchDir dir;
  auto file = dir / "FuzzX.dict";
  std::ofstream(file) << "not a dict line\n";
  AutoDict d(file);
  CHECK(d.tokens().empty());
  std::vector<std::string> many;
  for (size_t i = 0; i < kMaxAutoTokens + 10; ++i) many.push_back("t" + std::to_string(i));
  REQUIRE(d.add(many));
  CHECK(d.tokens().size() == kMaxAutoTokens);
  CHECK(AutoDict(file).tokens().size() == kMaxAutoTokens);
}

TEST_CASE("An input is credited with the learned tokens it gained, not the dictionary's") {
  Guidance g({"static"}, true);
  g.start_recording();
  const char* input = "user-bytes";
  const char* literal = "LITERAL";
  Guidance::input_started();
  cxxtest::intercept::bytes_hook(0x1234, reinterpret_cast<const uint8_t*>(input), 10,
                                 reinterpret_cast<const uint8_t*>(literal), 7);
  Guidance::input_ended();
  g.refresh();
  Value before = Value::of(std::string("xx static"));
  Value after = Value::of(std::string("xxLITERAL static"));
  CHECK(g.credited({before}, {after}) == std::vector<std::string>{"LITERAL"});
  // Already in the original input: not what the mutation added.
  Value had = Value::of(std::string("LITERAL"));
  CHECK(g.credited({had}, {after}).empty());
  // With guidance off nothing is learned, so nothing is credited.
  Guidance off({"static"}, false);
  off.refresh();
  CHECK(off.credited({before}, {after}).empty());
  cxxtest::intercept::bytes_hook = nullptr;
}

TEST_CASE("Compare pairs: both operands of a byte compare, and of an integer one in either byte order") {
  clear_cmp_table();
  Guidance g({}, true);
  g.start_recording();
  const char* input = "GIF8";
  const char* magic = "\x89PNG";
  Guidance::input_started();
  cxxtest::intercept::bytes_hook(0x4321, reinterpret_cast<const uint8_t*>(input), 4,
                                 reinterpret_cast<const uint8_t*>(magic), 4);
  Guidance::input_ended();
  record_cmp(0x777, 0x11223344, 0x41424344, 4, kCmpConst);
  g.refresh();
  using Pair = std::pair<std::string, std::string>;
  const std::vector<Pair>& pairs = *g.pairs();
  auto has = [&](const Pair& p) { return std::find(pairs.begin(), pairs.end(), p) != pairs.end(); };
  CHECK(has(Pair{"GIF8", "\x89PNG"}));
  CHECK(has(Pair{"\x44\x33\x22\x11", "DCBA"}));  // little-endian
  CHECK(has(Pair{"\x11\x22\x33\x44", "ABCD"}));  // big-endian
  // Guidance off: no pairs.
  Guidance off({}, false);
  off.refresh();
  CHECK(off.pairs()->empty());
  cxxtest::intercept::bytes_hook = nullptr;
  clear_cmp_table();
}

TEST_CASE(
    "Byte compares outside an input's run (the engine's own memcmp under a sanitizer) are not learned") {
  Guidance g({}, true);
  g.start_recording();
  const char* mine = "engine-compares-a-mutant-with-its-original";
  const char* theirs = "engine-compares-a-mutant-with-its-0riginal";
  cxxtest::intercept::bytes_hook(0x9999, reinterpret_cast<const uint8_t*>(mine), 42,
                                 reinterpret_cast<const uint8_t*>(theirs), 42);
  g.refresh();
  const std::vector<std::string>& tokens = *g.tokens();
  CHECK(std::find(tokens.begin(), tokens.end(), std::string(mine)) == tokens.end());
  Guidance::input_started();
  cxxtest::intercept::bytes_hook(0x9999, reinterpret_cast<const uint8_t*>(mine), 42,
                                 reinterpret_cast<const uint8_t*>(theirs), 42);
  Guidance::input_ended();
  g.refresh();
  CHECK(std::find(g.tokens()->begin(), g.tokens()->end(), std::string(mine)) != g.tokens()->end());
  cxxtest::intercept::bytes_hook = nullptr;
}
