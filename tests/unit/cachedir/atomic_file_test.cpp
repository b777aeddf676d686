// write_atomic and read_file, including concurrent and killed writers.
#include "cachedir/atomic_file.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

#include "child.h"
#include "scratch.h"

namespace fs = std::filesystem;
using cxxtest::cachedir::is_temp_name;
using cxxtest::cachedir::read_file;
using cxxtest::cachedir::write_atomic;
using cxxtest::testing::ScratchDir;

namespace {

// The names in dir other than `keep`; none of them may be anything but a temp file.
std::vector<std::string> other_files(const fs::path& dir, const std::string& keep) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename() != keep) names.push_back(e.path().filename());
  return names;
}

}  // namespace

TEST_CASE("write_atomic creates parent directories and replaces the file") {
  ScratchDir dir;
  fs::path dest = dir / "a/b/c/entry";
  REQUIRE(write_atomic(dest, "one"));
  CHECK(read_file(dest) == "one");
  REQUIRE(write_atomic(dest, std::string("two\0", 4), cxxtest::cachedir::Durability::Fsync));
  CHECK(read_file(dest) == std::string("two\0", 4));
  REQUIRE(write_atomic(dest, ""));
  CHECK(read_file(dest) == "");
  CHECK(other_files(dest.parent_path(), "entry").empty());
}

TEST_CASE("a failed rename reports the error and removes the temp file") {
  ScratchDir dir;
  fs::create_directories(dir / "dest/inside");
  cxxtest::Status written = write_atomic(dir / "dest", "data");
  CHECK_FALSE(written);
  CHECK(written.error().starts_with("rename " + (dir / "dest").string() + ": "));
  CHECK(other_files(dir.path(), "dest").empty());
}

TEST_CASE("a parent that is a file is a mkdir error") {
  ScratchDir dir;
  REQUIRE(write_atomic(dir / "file", "x"));
  cxxtest::Status written = write_atomic(dir / "file/sub/entry", "data");
  CHECK_FALSE(written);
  CHECK(written.error().starts_with("mkdir "));
}

TEST_CASE("read_file reports the operation, path and OS error") {
  ScratchDir dir;
  auto missing = read_file(dir / "missing");
  REQUIRE_FALSE(missing);
  CHECK(missing.error() == "open " + (dir / "missing").string() + ": No such file or directory");
  auto directory = read_file(dir.path());
  REQUIRE_FALSE(directory);
  CHECK(directory.error() == "read " + dir.path().string() + ": Is a directory");
}

TEST_CASE("temp names are recognised") {
  CHECK(is_temp_name("0123abcd.tmp.42.00ff00ff00ff00ff"));
  CHECK_FALSE(is_temp_name("0123abcd"));
  CHECK(cxxtest::cachedir::unique_token() != cxxtest::cachedir::unique_token());
}

TEST_CASE("two processes writing the same file: readers only ever see whole versions") {
  ScratchDir dir;
  fs::path dest = dir / "shared";
  const std::string a(1 << 20, 'a'), b(1 << 20, 'b');
  REQUIRE(write_atomic(dest, a));
  auto writer = [&](const std::string& data) {
    return [&dest, &data] {
      for (int i = 0; i < 100; ++i)
        if (!write_atomic(dest, data)) return 1;
      return 0;
    };
  };
  pid_t pa = cxxtest::testing::spawn(writer(a)), pb = cxxtest::testing::spawn(writer(b));
  int torn = 0;
  for (int i = 0; i < 300; ++i) {
    auto got = read_file(dest);
    torn += !got || (*got != a && *got != b);
  }
  CHECK(cxxtest::testing::wait_child(pa) == 0);
  CHECK(cxxtest::testing::wait_child(pb) == 0);
  CHECK(torn == 0);
  auto last = read_file(dest);
  CHECK((last == a || last == b));
  CHECK(other_files(dir.path(), "shared").empty());
}

TEST_CASE("a writer killed mid-write never leaves a torn destination") {
  ScratchDir dir;
  fs::path dest = dir / "entry";
  const std::string a(8 << 20, 'a'), b(8 << 20, 'b');
  REQUIRE(write_atomic(dest, a));
  for (int round = 0; round < 5; ++round) {
    pid_t pid = cxxtest::testing::spawn([&] {
      for (int i = 0;; ++i) (void)write_atomic(dest, i % 2 ? a : b);
      return 0;
    });
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(30 + 17 * round);
    bool torn = false;
    while (!torn && std::chrono::steady_clock::now() < until) {
      auto got = read_file(dest);
      torn = !(got == a || got == b);
    }
    kill(pid, SIGKILL);  // before any assertion, so a failure never leaves it running
    CHECK_FALSE(torn);
    CHECK(cxxtest::testing::wait_child(pid) == 128 + SIGKILL);
    auto got = read_file(dest);
    CHECK((got == a || got == b));
    for (const std::string& name : other_files(dir.path(), "entry")) CHECK(is_temp_name(name));
  }
}

TEST_CASE("read_file can report the mtime of what it read") {
  ScratchDir dir;
  fs::path file = dir / "entry";
  REQUIRE(write_atomic(file, "data"));
  auto set = fs::file_time_type::clock::now() - std::chrono::hours(3);
  fs::last_write_time(file, set);
  int64_t mtime_ns = 0;
  CHECK(read_file(file, &mtime_ns) == "data");
  auto expected = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::file_clock::to_sys(set).time_since_epoch())
                      .count();
  CHECK(mtime_ns == expected);
  auto missing = read_file(dir / "missing", &mtime_ns);
  REQUIRE_FALSE(missing);
  CHECK(missing.error().find("open ") == 0);
}
