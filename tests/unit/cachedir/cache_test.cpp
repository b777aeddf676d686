// Cache: layout, put/get, README, mtime refresh and the test expiry stamp.
#include "cachedir/cache.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "cachedir/atomic_file.h"
#include "child.h"
#include "scratch.h"

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using cxxtest::cachedir::Cache;
using cxxtest::cachedir::read_file;
using cxxtest::testing::ScratchDir;

namespace {
const std::string kKey = "ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12";
}

TEST_CASE("path_for fans out on the first two hex characters") {
  Cache cache("/c");
  CHECK(cache.path_for("discover", kKey) == fs::path("/c/discover/ab") / kKey);
  CHECK(cache.path_for("test", "0f") == fs::path("/c/test/0f/0f"));
}

TEST_CASE("put then get, replacing, and missing entries") {
  ScratchDir dir;
  Cache cache(dir / "cache");
  CHECK_FALSE(cache.get("discover", kKey));
  REQUIRE(cache.put("discover", kKey, "first"));
  CHECK(read_file(dir / "cache/discover/ab" / kKey) == "first");
  CHECK(cache.get("discover", kKey) == "first");
  REQUIRE(cache.put("discover", kKey, "second"));
  CHECK(cache.get("discover", kKey) == "second");
  CHECK_FALSE(cache.get("test", kKey));
}

TEST_CASE("bad areas and keys are rejected") {
  ScratchDir dir;
  Cache cache(dir.path());
  cxxtest::Status put = cache.put("test", "AB12", "x");
  CHECK_FALSE(put);
  CHECK(put.error() == "bad cache key \"AB12\"");
  CHECK_FALSE(cache.put("test", "a", "x"));
  CHECK_FALSE(cache.put("test", "../../etc", "x"));
  put = cache.put("a/b", kKey, "x");
  CHECK_FALSE(put);
  CHECK(put.error() == "bad cache area \"a/b\"");
  CHECK_FALSE(cache.put(".trash", kKey, "x"));
  CHECK_FALSE(cache.put("", kKey, "x"));
  CHECK_FALSE(cache.get("test", "zz"));
  CHECK(fs::is_empty(dir.path()));
}

TEST_CASE("open creates the root and writes README only once") {
  ScratchDir dir;
  Cache cache(dir / "deep/cache");
  REQUIRE(cache.open());
  auto readme = read_file(dir / "deep/cache/README");
  REQUIRE(readme);
  CHECK(readme->find("cxxtest") != std::string::npos);
  REQUIRE(cxxtest::cachedir::write_atomic(dir / "deep/cache/README", "edited"));
  REQUIRE(cache.open());
  CHECK(read_file(dir / "deep/cache/README") == "edited");
}

TEST_CASE("get refreshes an entry's mtime at most once an hour") {
  ScratchDir dir;
  Cache cache(dir.path());
  REQUIRE(cache.put("test", kKey, "x"));
  fs::path file = cache.path_for("test", kKey);
  auto now = fs::file_time_type::clock::now();

  fs::last_write_time(file, now - 10min);
  REQUIRE(cache.get("test", kKey));
  CHECK(now - fs::last_write_time(file) >= 10min);  // recent enough: untouched

  fs::last_write_time(file, now - 2h);
  REQUIRE(cache.get("test", kKey));
  CHECK(fs::file_time_type::clock::now() - fs::last_write_time(file) < 1min);
}

TEST_CASE("expire_test_results writes now; test_results_expired_at reads it") {
  ScratchDir dir;
  Cache cache(dir.path());
  CHECK_FALSE(cache.test_results_expired_at());
  auto before = std::chrono::system_clock::now();
  REQUIRE(cache.expire_test_results());
  auto after = std::chrono::system_clock::now();
  std::optional<std::chrono::system_clock::time_point> at = cache.test_results_expired_at();
  REQUIRE(at);
  CHECK(*at >= before - 1us);
  CHECK(*at <= after);
  auto text = read_file(dir / "testexpire.txt");
  REQUIRE(text);
  CHECK(text->size() == 20);  // 19 digits of unix nanoseconds and "\n"
  REQUIRE(cxxtest::cachedir::write_atomic(dir / "testexpire.txt", "garbage\n"));
  CHECK_FALSE(cache.test_results_expired_at());
}

TEST_CASE("processes putting and getting the same entry see whole values") {
  ScratchDir dir;
  Cache cache(dir.path());
  const std::string a(256 << 10, 'a'), b(256 << 10, 'b');
  auto putter = [&](const std::string& data) {
    return [&cache, &data] {
      for (int i = 0; i < 200; ++i)
        if (!cache.put("test", kKey, data)) return 1;
      return 0;
    };
  };
  pid_t pa = cxxtest::testing::spawn(putter(a)), pb = cxxtest::testing::spawn(putter(b));
  int torn = 0;
  for (int i = 0; i < 400; ++i) {
    std::optional<std::string> got = cache.get("test", kKey);
    torn += got && *got != a && *got != b;
  }
  CHECK(cxxtest::testing::wait_child(pa) == 0);
  CHECK(cxxtest::testing::wait_child(pb) == 0);
  CHECK(torn == 0);
  CHECK(std::distance(fs::directory_iterator(dir / "test/ab"), fs::directory_iterator()) == 1);
}
