// cache.cpp: Cache entries, README and the test-result expiry stamp.
// Trimming and cleaning are in cache_clean.cpp.
#include "cachedir/cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <charconv>
#include <system_error>

#include "cachedir/atomic_file.h"

namespace cxxtest::cachedir {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kReadme =
    "This directory holds the cache of cxxtest (`go test` for C++): builds of\n"
    "test binaries, test discovery results, test results, and the inputs its\n"
    "fuzzer generated (under fuzz/).\n"
    "Run \"cxxtest clean -cache\" if it is getting too large (fuzz/ stays).\n"
    "Run \"cxxtest clean -fuzzcache\" to delete the generated fuzz inputs.\n"
    "Deleting the whole directory is safe when no cxxtest is running.\n";

}  // namespace

bool valid_area(std::string_view area) {
  return !area.empty() && area[0] != '.' && area.find('/') == std::string_view::npos &&
         area.find('\0') == std::string_view::npos;
}

bool valid_key(std::string_view key_hex) {
  if (key_hex.size() < 2) return false;
  for (char c : key_hex)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

Status Cache::open() const {
  std::error_code ec;
  fs::create_directories(root_, ec);
  if (ec) return Error{"mkdir " + root_.string() + ": " + ec.message()};
  fs::path readme = root_ / "README";
  if (fs::exists(readme, ec)) return {};
  return write_atomic(readme, kReadme);
}

fs::path Cache::path_for(std::string_view area, std::string_view key_hex) const {
  // Concatenated as a string: path's operator/ costs more than the read it names.
  std::string p = root_.string();
  if (p.empty() || p.back() != '/') p += '/';
  p.append(area).append("/").append(key_hex.substr(0, 2)).append("/").append(key_hex);
  return p;
}

Status Cache::put(std::string_view area, std::string_view key_hex, std::string_view data) const {
  if (!valid_area(area)) return Error{"bad cache area \"" + std::string(area) + "\""};
  if (!valid_key(key_hex)) return Error{"bad cache key \"" + std::string(key_hex) + "\""};
  return write_atomic(path_for(area, key_hex), data);
}

std::optional<std::string> Cache::get(std::string_view area, std::string_view key_hex) const {
  if (!valid_area(area) || !valid_key(key_hex)) return std::nullopt;
  fs::path file = path_for(area, key_hex);
  int64_t mtime_ns = 0;
  Expected<std::string> data = read_file(file, &mtime_ns);
  if (!data) return std::nullopt;
  auto now = std::chrono::system_clock::now().time_since_epoch();
  if (now - std::chrono::nanoseconds(mtime_ns) > kMtimeInterval)
    ::utimensat(AT_FDCWD, file.c_str(), nullptr, 0);  // now; best effort
  return std::move(*data);
}

Status Cache::expire_test_results() const {
  auto now = std::chrono::system_clock::now().time_since_epoch();
  auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(now).count();
  return write_atomic(root_ / "testexpire.txt", std::to_string(nanos) + "\n");
}

std::optional<std::chrono::system_clock::time_point> Cache::test_results_expired_at() const {
  Expected<std::string> text = read_file(root_ / "testexpire.txt");
  if (!text) return std::nullopt;
  int64_t nanos = 0;
  auto r = std::from_chars(text->data(), text->data() + text->size(), nanos);
  if (r.ec != std::errc() || r.ptr == text->data() || nanos < 0) return std::nullopt;
  auto since_epoch =
      std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::nanoseconds(nanos));
  return std::chrono::system_clock::time_point(since_epoch);
}

}  // namespace cxxtest::cachedir
