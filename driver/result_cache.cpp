#include "driver/result_cache.h"

#include <sys/stat.h>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <set>
#include <sstream>

#include "cachedir/atomic_file.h"
#include "cachedir/sha256.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

constexpr const char* kHeader = "cxxtest test result v1";

std::string env_fingerprint(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  return v ? cxxtest::cachedir::sha256_hex(v) : "unset";
}

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string testdata_fingerprint(const fs::path& pkg_dir) {
  std::vector<std::string> lines;
  std::error_code ec;
  fs::path root = pkg_dir / "testdata";
  if (!fs::is_directory(root, ec)) return "none";
  for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (ec) break;
    struct stat st {};
    if (stat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    lines.push_back(it->path().lexically_relative(root).string() + " " + std::to_string(st.st_size) + " " +
                    std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec));
  }
  std::sort(lines.begin(), lines.end());
  cxxtest::cachedir::Sha256 h;
  for (const auto& l : lines) h.update(l + "\n");
  return h.finish_hex();
}

// The content hash of a binary, memoized in the cache by its stat (path,
// size, mtime, inode): a relink that produces the same bytes (after a
// touch, or a file edited and restored) keeps its test results, while a
// no-op run hashes nothing.
std::string ResultCache::binary_id(const fs::path& binary) const {
  struct stat st {};
  if (stat(binary.c_str(), &st) != 0) return "missing";
  std::string stat_key = cxxtest::cachedir::sha256_hex(
      binary.string() + "\n" + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
      std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino));
  if (auto known = cache_.get(cachedir::kBinidArea, stat_key)) return *known;
  auto bytes = cxxtest::cachedir::read_file(binary);
  if (!bytes) return "unreadable";
  std::string id = cxxtest::cachedir::sha256_hex(*bytes);
  (void)cache_.put(cachedir::kBinidArea, stat_key, id);  // a lost entry is a later miss
  return id;
}

std::string ResultCache::key(const fs::path& binary, const std::vector<std::string>& args,
                             const fs::path& pkg_dir) const {
  cxxtest::cachedir::Sha256 h;
  h.update(std::string(kHeader) + "\n" + binary_id(binary) + "\n");
  h.update(pkg_dir.string() + "\n");
  for (const auto& a : args) h.update(a + "\n");
  return h.finish_hex();
}

// testexpire.txt, read once per run.
int64_t ResultCache::expired_ns() const {
  if (!expired_ns_) {
    auto at = cache_.test_results_expired_at();
    expired_ns_ =
        at ? std::chrono::duration_cast<std::chrono::nanoseconds>(at->time_since_epoch()).count() : 0;
  }
  return *expired_ns_;
}

std::optional<std::string> ResultCache::lookup(const std::string& key, const fs::path& pkg_dir) const {
  auto text = cache_.get(cachedir::kTestArea, key);
  if (!text) return std::nullopt;
  std::string_view rest = *text;
  // The next line of `rest`, consumed; false at the end of the text.
  auto next_line = [&rest](std::string_view& line) {
    size_t nl = rest.find('\n');
    if (nl == std::string_view::npos) return false;
    line = rest.substr(0, nl);
    rest.remove_prefix(nl + 1);
    return true;
  };
  std::string_view line;
  if (!next_line(line) || line != kHeader) return std::nullopt;
  int64_t expired = expired_ns();
  while (next_line(line) && line != "output") {
    size_t sp1 = line.find(' ');
    std::string_view kind = line.substr(0, sp1);
    std::string_view args = sp1 == std::string_view::npos ? std::string_view() : line.substr(sp1 + 1);
    size_t sp2 = args.find(' ');
    std::string_view a = args.substr(0, sp2);
    std::string_view b = sp2 == std::string_view::npos ? std::string_view() : args.substr(sp2 + 1);
    if (kind == "time") {
      int64_t t = 0;
      std::from_chars(a.data(), a.data() + a.size(), t);
      if (t <= expired) return std::nullopt;
    }
    if (kind == "testdata" && a != testdata_fingerprint(pkg_dir)) return std::nullopt;
    if (kind == "env" && b != env_fingerprint(std::string(a))) return std::nullopt;
  }
  if (line != "output") return std::nullopt;
  return std::string(rest);
}

void ResultCache::store(const std::string& key, const fs::path& pkg_dir, const std::string& output,
                        const fs::path& env_log) {
  std::string text = std::string(kHeader) + "\ntime " + std::to_string(now_ns()) + "\n";
  text += "testdata " + testdata_fingerprint(pkg_dir) + "\n";
  std::set<std::string> names;
  if (auto log = cxxtest::cachedir::read_file(env_log)) {
    std::istringstream in(*log);
    std::string kind, name;
    while (in >> kind >> name)
      if (kind == "getenv") names.insert(name);
  }
  for (const auto& n : names) text += "env " + n + " " + env_fingerprint(n) + "\n";
  text += "output\n" + output;
  (void)cache_.put(cachedir::kTestArea, key, text);  // a lost entry is a later miss
}

}  // namespace cxxtest::driver
