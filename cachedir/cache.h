// cache.h: the cache directory as a whole.
//
// Layout under the root (see also ARCHITECTURE.md):
//
//   README                  what this directory is; written once
//   trim.txt                when trim() last ran: unix seconds, "1700000000\n"
//   testexpire.txt          test results recorded before this time count as
//                           missing: unix nanoseconds, "1700000000123456789\n"
//   <area>/<hh>/<key_hex>   content-addressed entries (discover, test, ...);
//                           hh is the first two characters of key_hex
//   build/                  build trees; not content-addressed, never trimmed
//   fuzz/                   generated corpora (corpus_dir.h); never trimmed
//   .trash.*                trees being deleted (trash.h)
//
// Safe across processes: every file is written with write_atomic and every
// tree removed with remove_via_trash, so any number of cxxtest processes may
// share one cache; a reader sees an entry whole or not at all. A get() racing
// a trim() or clean may miss; it never reads a torn entry.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "common/expected.h"

namespace cxxtest::cachedir {

// The areas under the root (the layout above); only this library and the
// constants below spell their names.
inline constexpr std::string_view kBuildArea = "build";
inline constexpr std::string_view kDiscoverArea = "discover";
inline constexpr std::string_view kTestArea = "test";
inline constexpr std::string_view kBinidArea = "binid";
inline constexpr std::string_view kFuzzArea = "fuzz";

class Cache {
 public:
  // Entries unused for longer are removed by trim().
  static constexpr std::chrono::seconds kDefaultMaxAge = std::chrono::hours(24 * 5);
  // trim() does its work at most once per interval (across processes).
  static constexpr std::chrono::seconds kTrimInterval = std::chrono::hours(24);
  // get() refreshes an entry's mtime when it is older than this.
  static constexpr std::chrono::seconds kMtimeInterval = std::chrono::hours(1);

  // No I/O: open() or put() create what is missing.
  explicit Cache(std::filesystem::path root) : root_(std::move(root)) {}

  const std::filesystem::path& root() const { return root_; }

  // Creates the root if missing and writes README there if it is missing.
  Status open() const;

  // <root>/<area>/<first 2 of key_hex>/<key_hex>. Expects a valid area (one
  // path component, not starting with '.') and key (lowercase hex, at least
  // two characters); put() and get() check both.
  std::filesystem::path path_for(std::string_view area, std::string_view key_hex) const;

  // Stores data under (area, key) atomically, replacing any old entry.
  // Fails on a bad area or key or an I/O error.
  Status put(std::string_view area, std::string_view key_hex, std::string_view data) const;

  // The entry's data, or nullopt when missing, unreadable or the area or key
  // is invalid. Marks the entry used (its mtime, at most once per
  // kMtimeInterval) so that trim() keeps it.
  std::optional<std::string> get(std::string_view area, std::string_view key_hex) const;

  // When trim.txt says the last trim is older than kTrimInterval (or there
  // is none): records now in trim.txt, then deletes, in every area except
  // build/ and fuzz/, entries whose mtime is older than max_age and temp
  // files older than an hour, and deletes stale .trash.* trees. Otherwise
  // does nothing. Fails on an I/O error.
  Status trim(std::chrono::seconds max_age = kDefaultMaxAge) const;

  // Writes now to testexpire.txt (cxxtest clean -testcache).
  Status expire_test_results() const;

  // The time in testexpire.txt; nullopt when missing or malformed. A test
  // result recorded before it is to be treated as missing: compare with the
  // time stored inside the result, not with the entry's mtime, which get()
  // refreshes.
  std::optional<std::chrono::system_clock::time_point> test_results_expired_at() const;

  // cxxtest clean -cache: removes every area but fuzz/ (build/, discover/,
  // test/, ...) and stale trash. README and the timestamps stay.
  Status clean_builds() const;

  // cxxtest clean -fuzzcache: removes fuzz/ only.
  Status clean_fuzz() const;

 private:
  std::filesystem::path root_;
};

// True for an area name put() accepts: one path component, no leading '.'.
bool valid_area(std::string_view area);

// True for a key put() accepts: lowercase hex, at least two characters.
bool valid_key(std::string_view key_hex);

}  // namespace cxxtest::cachedir
