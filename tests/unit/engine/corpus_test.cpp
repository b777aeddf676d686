// corpus_test.cpp: loading seeds, testdata and the cache; deduplication
// (engine/coordinator/corpus.h).
#include "engine/coordinator/corpus.h"

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

Entry text_entry(const std::string& s) { return Entry{{Value::of(s)}, {}, {}, Source::Generated}; }

TEST_CASE("Entries are unique by encoding; each is picked once, in order, before any draw") {
  Corpus c;
  CHECK(c.add(Entry{{Value::of(std::string("a"))}, {}, "seed#0", Source::Seed}));
  CHECK(c.add(Entry{{Value::of(std::string("b"))}, {}, "seed#1", Source::Seed}));
  CHECK_FALSE(c.add(Entry{{Value::of(std::string("a"))}, {}, "0123", Source::Cache}));
  CHECK(c.size() == 2);
  CHECK(c.contains("cxxtest fuzz v1\nstd::string(\"b\")\n"));
  CHECK(c.pick(~uint64_t{0}) == 0);
  CHECK(c.pick(~uint64_t{0}) == 1);
  // Both picked: now a draw; the last fraction of the weight is entry 1's.
  CHECK(c.pick(~uint64_t{0}) == 1);
  CHECK(c.pick(0) == 0);
  // A new entry is tried at once.
  CHECK(c.add(text_entry("c"), 5));
  CHECK(c.pick(0) == 2);
}

TEST_CASE("Weights favour coverage and productive entries, not short ones, and fade with picks") {
  Corpus c;
  c.add(text_entry("plain"), 1);
  c.add(text_entry("covers more"), 20);
  c.add(text_entry(std::string(8192, 'x')), 1);
  c.add(text_entry("productive"), 1);
  c.credit(3);
  c.credit(3);
  CHECK(c.weight(1) > c.weight(0));
  // Length alone does not weigh: size gates are reached from long entries.
  CHECK(c.weight(2) == doctest::Approx(c.weight(0)));
  CHECK(c.weight(3) > c.weight(0));
  double before = c.weight(0);
  c.pick(0);  // picks entry 0, the first never picked
  CHECK(c.weight(0) < before);
}

TEST_CASE("Once features are known, rare ones weigh: each counts 1/(entries that have it)") {
  Corpus c;
  // Snapshots over 4 counters, bucketed (one bit per counter byte).
  const uint8_t common[4] = {1, 0, 0, 0};
  const uint8_t rare[4] = {1, 1, 4, 0};    // counters 1 and 2 only here
  const uint8_t bucket[4] = {1, 0, 2, 0};  // counter 2, another bucket: its own feature
  c.add(text_entry("a"), 1);
  c.add(text_entry("b"), 1);
  c.add(text_entry("c"), 1);
  c.add(text_entry("d"), 50);
  c.set_features(0, common, 4);
  c.set_features(1, rare, 4);
  c.set_features(2, bucket, 4);
  // d's features are not known: its new counters (50) count.
  CHECK(c.weight(3) > c.weight(1));
  // Features once recorded stay: a second call changes nothing.
  c.set_features(0, rare, 4);
  // Counter 0 is common to three entries: 1/3 each; b also holds two
  // features alone, c one.
  for (int k = 0; k < 4; ++k) c.pick(0);  // every entry picked once: all fade alike
  for (int k = 0; k < 16; ++k) {          // enough features recorded: rarity recomputed on a pick
    c.add(text_entry("filler" + std::to_string(k)), 1);
    c.set_features(c.size() - 1, common, 4);
  }
  c.pick(0);
  CHECK(c.weight(1) > c.weight(2));
  CHECK(c.weight(2) > c.weight(0));
  CHECK(c.weight(0) == doctest::Approx(c.weight(4)).epsilon(0.3));
}

TEST_CASE("Draws follow the weights and repeat for the same random numbers") {
  Corpus a, b;
  for (Corpus* c : {&a, &b}) {
    c->add(text_entry("low"), 1);
    c->add(text_entry("high"), 60);
  }
  uint64_t x = 88172645463325252ull;
  int high = 0;
  for (int k = 0; k < 2000; ++k) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    size_t i = a.pick(x);
    CHECK(i == b.pick(x));
    high += i == 1;
  }
  CHECK(high > 1400);  // 61 vs 2 at equal picks; fading keeps "low" in play
  CHECK(high < 1990);
}

TEST_CASE("Each draw lands where the running sum of weight() passes the random fraction") {
  // The sums live in a tree updated entry by entry (picks, finds, features)
  // and rebuilt when entries come or rarity is recomputed: checked here
  // against the plain running sum of weight(), draw by draw.
  Corpus c;
  for (int k = 0; k < 300; ++k) c.add(text_entry("e" + std::to_string(k)), uint32_t(1 + k % 37));
  uint64_t x = 88172645463325252ull;
  auto next = [&x] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
  for (int k = 0; k < 300; ++k) c.pick(next());  // the unpicked pass
  int differ = 0;
  for (int k = 0; k < 3000; ++k) {
    if (k % 100 == 0) c.add(text_entry("late" + std::to_string(k)), 50);
    if (k % 7 == 0) c.credit(size_t(k) % c.size());
    if (k % 11 == 0) {
      uint8_t snap[4] = {uint8_t(k), 1, 0, 2};
      c.set_features(size_t(k * 13) % c.size(), snap, sizeof snap);
    }
    uint64_t r = next();
    size_t want = 0;
    if (k % 100 != 0) {  // a just-added entry is picked first, in order
      double total = 0;
      for (size_t i = 0; i < c.size(); ++i) total += c.weight(i);
      double at = double(r >> 11) * (1.0 / 9007199254740992.0) * total, sum = 0;
      while (want + 1 < c.size() && (sum += c.weight(want)) <= at) ++want;
    }
    size_t got = c.pick(r);
    if (k % 100 != 0) differ += got != want;
  }
  CHECK(differ <= 3);  // rounding, at a boundary between two entries
}

TEST_CASE("Seeds are named seed#N; the zero entry has zero values") {
  auto seeds = seed_entries({{Value::of(1)}, {Value::of(2)}});
  REQUIRE(seeds.size() == 2);
  CHECK(seeds[1].name == "seed#1");
  Entry z = zero_entry(std::vector<Kind>{Kind::Bytes, Kind::Int32, Kind::Double});
  CHECK(z.values ==
        std::vector<Value>{Value::zero(Kind::Bytes), Value::zero(Kind::Int32), Value::zero(Kind::Double)});
}

TEST_CASE("testdata files load sorted; a bad one is an error naming file, line and column") {
  ScratchDir dir;
  InDir in(dir.path());
  write("testdata/fuzz/FuzzX/b", "cxxtest fuzz v1\nstd::string(\"bee\")\n");
  write("testdata/fuzz/FuzzX/a", "cxxtest fuzz v1\nstd::string(\"ay\")\n");
  write("testdata/fuzz/FuzzX/sub/ignored", "junk");
  auto entries = testdata_entries("FuzzX", kString);
  REQUIRE(entries);
  REQUIRE(entries->size() == 2);
  CHECK((*entries)[0].name == "a");
  CHECK((*entries)[1].values[0].bytes == "bee");
  write("testdata/fuzz/FuzzX/c", "cxxtest fuzz v1\nint(3)\n");
  auto mismatched = testdata_entries("FuzzX", kString);
  REQUIRE_FALSE(mismatched);
  CHECK(mismatched.error() ==
        "testdata/fuzz/FuzzX/c: mismatched types in corpus entry: [int], want [std::string]");
  write("testdata/fuzz/FuzzX/c", "cxxtest fuzz v1\nstd::string(\"x\n");
  auto torn = testdata_entries("FuzzX", kString);
  REQUIRE_FALSE(torn);
  CHECK(torn.error() == "testdata/fuzz/FuzzX/c:2:15: unterminated string literal");
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

TEST_CASE("REDUCE: a found entry with own features may be replaced by other values; seeds never") {
  Corpus c;
  REQUIRE(c.add(Entry{{Value::of(std::string("seed"))}, {}, "seed#0", Source::Seed}));
  REQUIRE(c.add(text_entry("a long found input")));
  REQUIRE(c.add(text_entry("short")));
  c.set_own(0, {{0, 1}});
  CHECK_FALSE(c.reducible(0));  // the user's
  CHECK_FALSE(c.reducible(1));  // no own features recorded
  c.set_own(1, {{0, 2}});
  REQUIRE(c.reducible(1));
  CHECK_FALSE(c.replace(1, {Value::of(std::string("short"))}));  // entry 2 holds that
  double before = c.weight(1);
  REQUIRE(c.replace(1, {Value::of(std::string("a long"))}));
  CHECK(c[1].values[0].bytes == "a long");
  CHECK(c.contains(c[1].data));
  CHECK_FALSE(c.add(text_entry("a long")));        // deduplicated against the new values
  CHECK(c.add(text_entry("a long found input")));  // the old values are free again
  CHECK(c[1].name.size() == 16);                   // named as its new file
  CHECK(c.weight(1) >= before);
  CHECK(c.own(1).size() == 1);
}
