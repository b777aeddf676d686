// corpus_test.cpp: loading seeds, testdata and the cache; deduplication
// (engine/corpus.h).
#include "engine/corpus.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <fstream>

#include "scratch.h"

using namespace cxxtest::runtime::engine;
using cxxtest::Kind;
using cxxtest::Value;
using cxxtest::testing::ScratchDir;

namespace {

void write(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// Runs the test body with the working directory set to dir.
struct InDir {
  explicit InDir(const std::filesystem::path& dir) : old(std::filesystem::current_path()) {
    std::filesystem::current_path(dir);
  }
  ~InDir() { std::filesystem::current_path(old); }
  std::filesystem::path old;
};

const std::vector<Kind> kString = {Kind::String};

}  // namespace

TEST_CASE("Entries are unique by encoding and visited round-robin") {
  Corpus c;
  CHECK(c.add(Entry{{Value::of(std::string("a"))}, {}, "seed#0", Source::Seed}));
  CHECK(c.add(Entry{{Value::of(std::string("b"))}, {}, "seed#1", Source::Seed}));
  CHECK_FALSE(c.add(Entry{{Value::of(std::string("a"))}, {}, "0123", Source::Cache}));
  CHECK(c.size() == 2);
  CHECK(c.contains("cxxtest fuzz v1\nstd::string(\"b\")\n"));
  CHECK(c.next() == 0);
  CHECK(c.next() == 1);
  CHECK(c.next() == 0);
}

TEST_CASE("Seeds are named seed#N; the zero entry has zero values") {
  auto seeds = seed_entries({{Value::of(1)}, {Value::of(2)}});
  REQUIRE(seeds.size() == 2);
  CHECK(seeds[1].name == "seed#1");
  Entry z = zero_entry(std::vector<Kind>{Kind::Bytes, Kind::Int32, Kind::Double});
  CHECK(z.values == std::vector<Value>{Value::zero(Kind::Bytes), Value::zero(Kind::Int32), Value::zero(Kind::Double)});
}

TEST_CASE("testdata files load sorted; a bad one is an error naming file, line and column") {
  ScratchDir dir;
  InDir in(dir.path());
  write("testdata/fuzz/FuzzX/b", "cxxtest fuzz v1\nstd::string(\"bee\")\n");
  write("testdata/fuzz/FuzzX/a", "cxxtest fuzz v1\nstd::string(\"ay\")\n");
  write("testdata/fuzz/FuzzX/sub/ignored", "junk");
  std::string err;
  auto entries = testdata_entries("FuzzX", kString, &err);
  REQUIRE(entries);
  REQUIRE(entries->size() == 2);
  CHECK((*entries)[0].name == "a");
  CHECK((*entries)[1].values[0].bytes == "bee");
  write("testdata/fuzz/FuzzX/c", "cxxtest fuzz v1\nint(3)\n");
  CHECK_FALSE(testdata_entries("FuzzX", kString, &err));
  CHECK(err == "testdata/fuzz/FuzzX/c: mismatched types in corpus entry: [int], want [std::string]");
  write("testdata/fuzz/FuzzX/c", "cxxtest fuzz v1\nstd::string(\"x\n");
  CHECK_FALSE(testdata_entries("FuzzX", kString, &err));
  CHECK(err == "testdata/fuzz/FuzzX/c:2:15: unterminated string literal");
}

TEST_CASE("Cache entries that do not fit the fuzz function are skipped") {
  ScratchDir dir;
  write(dir / "FuzzX/1111", "cxxtest fuzz v1\nstd::string(\"ok\")\n");
  write(dir / "FuzzX/2222", "cxxtest fuzz v1\nint(1)\n");
  write(dir / "FuzzX/3333", "garbage");
  auto entries = cache_entries(dir / "FuzzX", kString);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].name == "1111");
  CHECK(entries[0].source == Source::Cache);
  CHECK(cache_entries(dir / "missing", kString).empty());
}
