// cache_clean.cpp: Cache::trim and the clean operations.
//
// trim() follows Go's cache: it runs at most once per kTrimInterval, as
// recorded in trim.txt, and deletes content-addressed entries whose mtime
// (refreshed by get()) is older than the maximum age. Racing processes may
// both trim; deleting an entry twice is harmless. An entry replaced between
// the age check and the deletion may be deleted: a later miss, never a torn
// entry.
#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <system_error>
#include <vector>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/trash.h"

namespace cxxtest::cachedir {
namespace {

namespace fs = std::filesystem;
using std::chrono::system_clock;

constexpr std::chrono::hours kStaleTempAge{1};

// The unix seconds in trim.txt, or nullopt when missing or malformed.
std::optional<system_clock::time_point> last_trim(const fs::path& stamp) {
  Expected<std::string> text = read_file(stamp);
  if (!text) return std::nullopt;
  int64_t secs = 0;
  auto r = std::from_chars(text->data(), text->data() + text->size(), secs);
  if (r.ec != std::errc() || r.ptr == text->data()) return std::nullopt;
  return system_clock::time_point(std::chrono::seconds(secs));
}

bool trim_due(const fs::path& stamp, system_clock::time_point now) {
  std::optional<system_clock::time_point> last = last_trim(stamp);
  // A stamp in the future (clock change) counts as missing after a day.
  return !last || now - *last >= Cache::kTrimInterval || *last - now > Cache::kTrimInterval;
}

// Deletes old entries and stale temp files in <area>/<hh>/. Entries that
// vanish meanwhile are skipped.
Status trim_area(const fs::path& area, fs::file_time_type now, std::chrono::seconds max_age) {
  std::error_code ec;
  for (fs::directory_iterator shard(area, ec), end; !ec && shard != end; shard.increment(ec)) {
    std::error_code list_ec;
    for (fs::directory_iterator it(shard->path(), list_ec); !list_ec && it != end; it.increment(list_ec)) {
      std::error_code stat_ec;
      fs::file_time_type mtime = fs::last_write_time(it->path(), stat_ec);
      if (stat_ec) continue;
      bool temp = is_temp_name(it->path().filename().string());
      std::chrono::seconds limit = temp ? std::chrono::seconds(kStaleTempAge) : max_age;
      if (now - mtime <= limit) continue;
      if (Status removed = remove_tree(it->path()); !removed) return removed;
    }
  }
  return {};
}

// The area directories directly under root (valid_area names), except those
// in `skip`. A missing root has none.
Expected<std::vector<std::string>> list_areas(const fs::path& root,
                                              std::initializer_list<std::string_view> skip) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code type_ec;
    if (!it->is_directory(type_ec) || !valid_area(name)) continue;
    if (std::find(skip.begin(), skip.end(), name) == skip.end()) names.push_back(name);
  }
  if (!ec || ec == std::errc::no_such_file_or_directory) return names;
  return Error{"read directory " + root.string() + ": " + ec.message()};
}

}  // namespace

Status Cache::trim(std::chrono::seconds max_age) const {
  fs::path stamp = root_ / "trim.txt";
  system_clock::time_point now = system_clock::now();
  if (!trim_due(stamp, now)) return {};
  auto secs = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  if (Status stamped = write_atomic(stamp, std::to_string(secs) + "\n"); !stamped) return stamped;
  Expected<std::vector<std::string>> areas = list_areas(root_, {kBuildArea, kFuzzArea});
  if (!areas) return Error{areas.error()};
  fs::file_time_type file_now = fs::file_time_type::clock::now();
  for (const std::string& area : *areas)
    if (Status trimmed = trim_area(root_ / area, file_now, max_age); !trimmed) return trimmed;
  return remove_stale_trash(root_);
}

Status Cache::clean_builds() const {
  Expected<std::vector<std::string>> areas = list_areas(root_, {kFuzzArea});
  if (!areas) return Error{areas.error()};
  for (const std::string& area : *areas)
    if (Status removed = remove_via_trash(root_, area); !removed) return removed;
  return remove_stale_trash(root_);
}

Status Cache::clean_fuzz() const { return remove_via_trash(root_, kFuzzArea); }

}  // namespace cxxtest::cachedir
