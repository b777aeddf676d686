// engine/coordinator/corpus.h: the coordinator's inputs.
//
// Entries come from, in order: the f.Add seeds ("seed#N"), the files of
// testdata/fuzz/<target>/ (their file names) and the generated corpus in
// the cache directory (its 16-hex names); then from fuzzing. Entries are
// unique by their v1 encoding (corpus_v1.h): a cache file equal to a seed
// is dropped, as Go deduplicates by content.
//
// Which entry is fuzzed next (pick): not Go's round-robin but a weighted
// draw, as libFuzzer and AFL++ schedule. An entry weighs more for the rare
// coverage it holds (each of its features, a counter's bucket, counts
// 1/(entries that have it): a feature only it reached counts 1, one every
// entry has next to nothing; before its features are known, the new
// counters it brought) and for the new inputs found while fuzzing it, and
// less the more often it was picked (1/sqrt): a new entry is soon tried, a
// productive one is kept at, none is starved. Length does not weigh: a
// short entry with the same features replaces a long one anyway, and what
// lies behind a size gate is reached only from the long ones. Entries never
// picked come first, in order, so every seed is fuzzed once before any
// draw.
#pragma once

#include <cxxtest/value.h>

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/expected.h"
#include "engine/shared/coverage.h"

namespace cxxtest::runtime::engine {

enum class Source { Seed, Testdata, Cache, Generated, Zero };

struct Entry {
  std::vector<Value> values;
  std::string data;  // v1 file contents
  std::string name;  // "seed#0", the file name, or the cache name
  Source source = Source::Generated;
};

class Corpus {
 public:
  // Adds e unless an entry with the same encoding exists; returns whether
  // it was added. e.data is filled in if empty.
  bool add(Entry e);
  bool contains(const std::string& data) const { return seen_.count(data) > 0; }

  // As add(), recording that e brought `new_counters` counters no entry had.
  bool add(Entry e, uint32_t new_counters);

  size_t size() const { return entries_.size(); }
  const Entry& operator[](size_t i) const { return entries_[i]; }
  // The next entry to fuzz (see above); `random` is a uniform 64-bit draw
  // (the coordinator's seeded rng, so a repeatable run picks alike).
  // Requires size() > 0.
  size_t pick(uint64_t random);
  // Entry i is never picked (a seed that fails, -fuzzkeepgoing); while
  // every entry is, the draw still returns one.
  void exclude(size_t i);
  // Fuzzing entry i found an input with new coverage.
  void credit(size_t i);
  // Entry i's baseline run brought n counters no entry had (at least 1 counts).
  void set_new_counters(size_t i, uint32_t n);
  // Entry i covers the features of `snap` (a bucketed snapshot, coverage.h:
  // one feature per set bit). Recorded once per entry; from then on its
  // weight counts how rare they are instead of new_counters.
  void set_features(size_t i, const uint8_t* snap, size_t size);
  // The weight pick() gives entry i now (for tests and -v).
  double weight(size_t i) const;

  // Entry i's own features: the bits it brought to the mask when it came.
  // A shorter input with all of them may replace it (REDUCE, below).
  void set_own(size_t i, std::vector<KeepWord> words);
  std::span<const KeepWord> own(size_t i) const;
  // Whether entry i may be replaced by a shorter input: fuzzing found it
  // (this run or an earlier one: the cache dir), and it has own features.
  // Seeds and testdata files are the user's: never.
  bool reducible(size_t i) const;
  // Replaces entry i's values with `values` (shorter, same own features),
  // as libFuzzer's REDUCE; its name becomes the new file's. False, and
  // nothing changed, if another entry already holds those values.
  bool replace(size_t i, std::vector<Value> values);

 private:
  struct Stats {
    uint32_t new_counters = 1;
    uint32_t picked = 0;
    uint32_t finds = 0;
    float rarity = -1;      // sum of 1/holders over its features; < 0: not recorded
    bool excluded = false;  // exclude(): weighs nothing
  };
  void update_rarity();
  float rarity_of(const std::vector<uint32_t>& features) const;  // sum of 1/holders
  // The draw's weights, kept in a Fenwick tree (sums of ranges of weights_)
  // so a pick costs O(log n), not a pass over every entry: commands come
  // every few milliseconds, and a corpus may hold 100,000 entries.
  void rebuild_weights();               // all of them, when stale_
  void reweigh(size_t i);               // entry i's stats changed
  size_t find_weight(double at) const;  // the entry where the running sum passes `at`
  std::vector<Entry> entries_;
  std::vector<Stats> stats_;
  std::unordered_set<std::string> seen_;
  size_t unpicked_ = 0;                          // entries before this index were all picked at least once
  std::vector<double> weights_;                  // weight(i) as the tree holds it
  std::vector<double> tree_;                     // Fenwick tree over weights_, 1-based
  bool stale_ = true;                            // entries added or rarity recomputed since the build
  std::vector<std::vector<uint32_t>> features_;  // per entry: feature ids (mask index * 8 + bit)
  std::vector<std::vector<KeepWord>> own_;       // per entry: set_own's words
  std::vector<uint32_t> holders_;                // per feature id: entries that cover it
  size_t featured_ = 0;                          // entries with features recorded
  size_t featured_at_update_ = 0;                // featured_ when rarity was last computed
};

// The f.Add seeds as entries named seed#N.
std::vector<Entry> seed_entries(const std::vector<std::vector<Value>>& seeds);

// The files of testdata/fuzz/<target>/ (relative to the working directory,
// sorted, subdirectories ignored). A file that does not decode or does not
// fit `kinds` is an error: "<path>:<line>: what".
Expected<std::vector<Entry>> testdata_entries(const std::string& target, std::span<const Kind> kinds);

// The generated corpus in `dir`; files that do not decode or fit `kinds`
// are skipped (an older fuzz function's inputs). A missing dir is empty.
std::vector<Entry> cache_entries(const std::filesystem::path& dir, std::span<const Kind> kinds);

// The zero value of every argument (Go's starting point for an empty corpus).
Entry zero_entry(std::span<const Kind> kinds);

}  // namespace cxxtest::runtime::engine
