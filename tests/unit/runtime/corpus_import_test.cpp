// corpus_import_test.cpp: -test.fuzzimport's pieces (runtime/corpus/corpus_import.h):
// which targets can take raw files, what each file becomes, and an import
// of a scratch directory (names, duplicates, hidden and special files).
#include "corpus/corpus_import.h"

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cachedir/sha256.h"
#include "corpus/corpus_v1.h"
#include "scratch.h"

namespace {

namespace fs = std::filesystem;
using cxxtest::Kind;
using cxxtest::Value;
using cxxtest::runtime::import_corpus;
using cxxtest::runtime::import_entry_text;
using cxxtest::runtime::import_kinds_problem;
using cxxtest::runtime::ImportStats;

const Kind kBytes[] = {Kind::Bytes};
const Kind kString[] = {Kind::String};

void put(const fs::path& file, std::string_view data) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << data;
}

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string entry_name(std::string_view text) { return cxxtest::cachedir::sha256_hex(text).substr(0, 16); }

}  // namespace

TEST_CASE("every fuzz function with an argument takes raw files (through the raw mapping)") {
  CHECK(import_kinds_problem("FuzzB", kBytes) == "");
  CHECK(import_kinds_problem("FuzzS", kString) == "");
  const Kind pair[] = {Kind::String, Kind::Int32};
  CHECK(import_kinds_problem("FuzzPair", pair) == "");
  const Kind one_int[] = {Kind::Uint8};
  CHECK(import_kinds_problem("FuzzU", one_int) == "");
  CHECK(import_kinds_problem("FuzzNone", {}) == "FuzzNone takes no arguments: there is nothing to import");
}

TEST_CASE("a typed target's raw file is read with the raw mapping: scalars first, then the bytes") {
  const Kind pair[] = {Kind::String, Kind::Int32};
  // Adjacent literals end a \x escape; clang-format would break between them.
  // clang-format off
  CHECK(import_entry_text(std::string("\x07\x00\x00\x00" "BUG", 7), pair) ==
        "cxxtest fuzz v1\nstd::string(\"BUG\")\nint(7)\n");
  // clang-format on
  CHECK(import_entry_text("\x01", pair) == "cxxtest fuzz v1\nstd::string(\"\")\nint(1)\n");
}

TEST_CASE("a raw file becomes one value of the target's kind; a fitting v1 file stays as it is") {
  std::string raw("a\0\xff\n\"", 5);
  CHECK(import_entry_text(raw, kBytes) == "cxxtest fuzz v1\nbytes(\"a\\x00\\xff\\n\\\"\")\n");
  CHECK(import_entry_text(raw, kString) == "cxxtest fuzz v1\nstd::string(\"a\\x00\\xff\\n\\\"\")\n");
  CHECK(import_entry_text("", kBytes) == "cxxtest fuzz v1\nbytes(\"\")\n");

  std::string v1 = "cxxtest fuzz v1\nbytes(\"\\x41\")   \n";  // valid, not canonical: kept byte for byte
  CHECK(import_entry_text(v1, kBytes) == v1);
  // A v1 file for another target is just bytes here.
  std::string other = "cxxtest fuzz v1\nint(3)\n";
  std::vector<Value> values;
  cxxtest::corpus::DecodeError err;
  REQUIRE(cxxtest::corpus::decode(import_entry_text(other, kBytes), values, err));
  REQUIRE(values.size() == 1);
  CHECK(values[0].bytes == other);
  CHECK(import_entry_text(v1, kString) != v1);  // bytes(...) does not fit std::string
}

TEST_CASE("with needs, a raw file's entry says which build it fails in; a v1 file's own line stays") {
  CHECK(import_entry_text("BOOM", kBytes, "-asan") == "cxxtest fuzz v1\n// needs: -asan\nbytes(\"BOOM\")\n");
  std::string plain_v1 = "cxxtest fuzz v1\nbytes(\"A\")\n";
  CHECK(import_entry_text(plain_v1, kBytes, "-asan -ubsan") ==
        "cxxtest fuzz v1\n// needs: -asan -ubsan\nbytes(\"A\")\n");
  std::string marked = "cxxtest fuzz v1\n// needs: -msan\nbytes(\"A\")\n";
  CHECK(import_entry_text(marked, kBytes, "-asan") == marked);
  CHECK(import_entry_text(marked, kBytes) == marked);
}

TEST_CASE("a directory is imported recursively, named by content hash, duplicates counted as present") {
  cxxtest::testing::ScratchDir dir;
  fs::path src = dir / "corpus", dest = dir / "testdata" / "fuzz" / "FuzzB";
  put(src / "a", std::string("\x00\x01", 2));
  put(src / "sub" / "b", "hello");
  put(src / "sub" / "b-again", "hello");  // same input twice
  put(src / ".hidden", "not me");
  put(src / ".git" / "HEAD", "not me either");
  REQUIRE(mkfifo((src / "pipe").c_str(), 0600) == 0);
  fs::create_directory_symlink(src / "sub", src / "link-to-sub");
  fs::create_symlink(src / "a", src / "link-to-a");  // a file symlink is followed: same input as a
  fs::create_symlink(src / "gone", src / "dangling");

  ImportStats stats;
  std::string err;
  REQUIRE(import_corpus(src, dest, kBytes, stats, err));
  CHECK(stats.imported == 2);
  CHECK(stats.present == 2);
  std::string a_text = "cxxtest fuzz v1\nbytes(\"\\x00\\x01\")\n",
              b_text = "cxxtest fuzz v1\nbytes(\"hello\")\n";
  std::vector<std::string> want{entry_name(a_text), entry_name(b_text)};
  std::sort(want.begin(), want.end());
  CHECK(names_in(dest) == want);
  CHECK(slurp(dest / entry_name(a_text)) == a_text);
  CHECK(stats.notes ==
        std::vector<std::string>{
            "skipped " + (src / ".git").string() + ": hidden",
            "skipped " + (src / ".hidden").string() + ": hidden",
            "skipped " + (src / "dangling").string() + ": No such file or directory",
            "skipped " + (src / "link-to-sub").string() + ": symlink to a directory, not followed",
            "skipped " + (src / "pipe").string() + ": not a regular file",
        });

  SUBCASE("a second import finds everything present") {
    ImportStats again;
    REQUIRE(import_corpus(src, dest, kBytes, again, err));
    CHECK(again.imported == 0);
    CHECK(again.present == 4);
    CHECK(names_in(dest).size() == 2);
  }
  SUBCASE("an entry with the same values under another name or spelling is present") {
    fs::remove(dest / entry_name(b_text));
    put(dest / "by-hand", "cxxtest fuzz v1\nbytes(\"h\\x65llo\")\n");
    ImportStats again;
    REQUIRE(import_corpus(src / "sub", dest, kBytes, again, err));
    CHECK(again.imported == 0);
    CHECK(again.present == 2);
  }
}

TEST_CASE("one file, a v1 file copied as is, and bad sources") {
  cxxtest::testing::ScratchDir dir;
  fs::path dest = dir / "out";
  std::string v1 = "cxxtest fuzz v1\nstd::string(\"x\")\n\n";
  put(dir / "one.v1", v1);
  ImportStats stats;
  std::string err;
  REQUIRE(import_corpus(dir / "one.v1", dest, kString, stats, err));
  CHECK(stats.imported == 1);
  CHECK(slurp(dest / entry_name(v1)) == v1);

  CHECK_FALSE(import_corpus(dir / "missing", dest, kString, stats, err));
  CHECK(err == "stat " + (dir / "missing").string() + ": No such file or directory");
  REQUIRE(mkfifo((dir / "fifo").c_str(), 0600) == 0);
  CHECK_FALSE(import_corpus(dir / "fifo", dest, kString, stats, err));
  CHECK(err == (dir / "fifo").string() + ": not a regular file or directory");
}

TEST_CASE("import: engines' names for failing inputs") {
  using cxxtest::runtime::crash_file_name;
  for (const char* name : {"crash-12ae1af0c8", "leak-a1", "timeout-0", "oom-x", "slow-unit-9",
                           "clusterfuzz-testcase-minimized-6117891166437376", "uaf-1153fbf466b9",
                           "id:000000,sig:06,src:000001,time:1234,execs:99,op:havoc,rep:2"})
    CHECK(crash_file_name(name));
  for (const char* name : {"seed.ogg", "id:000001,time:0,execs:0,orig:a", "crashed", "my-crash-1", ""})
    CHECK_FALSE(crash_file_name(name));
}
