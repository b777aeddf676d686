// The generated corpus: its directory, file names, dedup and listing.
#include "cachedir/corpus_dir.h"

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <string>

#include "cachedir/atomic_file.h"
#include "cachedir/sha256.h"
#include "child.h"
#include "scratch.h"

namespace fs = std::filesystem;
using namespace cxxtest::cachedir;
using cxxtest::Expected;
using cxxtest::testing::ScratchDir;

namespace {

ino_t inode(const fs::path& p) {
  struct stat st {};
  REQUIRE(stat(p.c_str(), &st) == 0);
  return st.st_ino;
}

}  // namespace

TEST_CASE("generated corpora are <root>/fuzz/<import path>/<target>, dictionaries beside them") {
  fs::path pkg = package_corpus_root("/c", "example.com/calc/parser/json");
  CHECK(pkg == fs::path("/c/fuzz/example.com/calc/parser/json"));
  CHECK(target_corpus_dir(pkg, "FuzzParse") == fs::path("/c/fuzz/example.com/calc/parser/json/FuzzParse"));
  CHECK(auto_dict_path(target_corpus_dir(pkg, "FuzzParse")) ==
        fs::path("/c/fuzz/example.com/calc/parser/json/FuzzParse.dict"));
  CHECK(auto_dict_path("/c/fuzz/m/FuzzX/") == fs::path("/c/fuzz/m/FuzzX.dict"));
}

TEST_CASE("only <root>/fuzz/... is the area clean -fuzzcache empties") {
  CHECK(in_fuzz_area("/c", "/c/fuzz/example.com/m/FuzzX"));
  CHECK(in_fuzz_area("/c/", "/c/fuzz/m/./FuzzX/"));
  CHECK_FALSE(in_fuzz_area("/c", "/c/fuzz"));  // the area itself is not a target's corpus
  CHECK_FALSE(in_fuzz_area("/c", "/c/fuzzy/FuzzX"));
  CHECK_FALSE(in_fuzz_area("/c", "/c/fuzz/../elsewhere/FuzzX"));
  CHECK_FALSE(in_fuzz_area("/c", "/work/fc/FuzzX"));
}

TEST_CASE("seed corpora are <package>/testdata/fuzz/<target>, relative when the package is the cwd") {
  CHECK(testdata_corpus_dir("/m/calc", "FuzzX") == fs::path("/m/calc/testdata/fuzz/FuzzX"));
  CHECK(testdata_corpus_dir("", "FuzzX").string() == "testdata/fuzz/FuzzX");
  CHECK(testdata_dict_path("", "FuzzX").string() == "testdata/fuzz/FuzzX.dict");
}

TEST_CASE("entries are named by 16 hex of their sha256 and deduplicated") {
  ScratchDir dir;
  fs::path corpus = target_corpus_dir(package_corpus_root(dir.path(), "m/p"), "FuzzX");
  const std::string data = "cxxtest fuzz v1\nint(0)\n";
  Expected<std::string> written = write_corpus_entry(corpus, data);
  REQUIRE(written);
  std::string name = *written;
  CHECK(name == sha256_hex(data).substr(0, 16));
  CHECK(name == corpus_entry_name(data));
  CHECK(read_file(corpus / name) == data);

  ino_t first = inode(corpus / name);
  CHECK(write_corpus_entry(corpus, data) == name);
  CHECK(inode(corpus / name) == first);  // not rewritten

  REQUIRE(write_atomic(corpus / name, "damaged"));  // same name, other bytes: replaced
  REQUIRE(write_corpus_entry(corpus, data));
  CHECK(read_file(corpus / name) == data);
}

TEST_CASE("list_corpus_entries: sorted files without temp files, dot files or directories") {
  ScratchDir dir;
  auto missing = list_corpus_entries(dir / "none");
  REQUIRE(missing);
  CHECK(missing->empty());
  for (const char* name : {"b", "a", ".hidden", "c.tmp.1.2"}) REQUIRE(write_atomic(dir / name, "x"));
  fs::create_directory(dir / "sub");
  auto files = list_corpus_entries(dir.path());
  REQUIRE(files);
  CHECK(*files == std::vector<fs::path>{dir / "a", dir / "b"});
  REQUIRE(write_atomic(dir / "file", "x"));
  auto unreadable = list_corpus_entries(dir / "file");
  CHECK_FALSE(unreadable);
  CHECK(unreadable.error().starts_with("read directory "));
}

TEST_CASE("two processes writing the same entry leave one whole file") {
  ScratchDir dir;
  fs::path corpus = dir / "FuzzX";
  const std::string data = "cxxtest fuzz v1\nstd::string(\"" + std::string(100000, 'q') + "\")\n";
  auto writer = [&] {
    for (int i = 0; i < 100; ++i) {
      if (!write_corpus_entry(corpus, data)) return 1;
      std::error_code ec;
      fs::remove(corpus / corpus_entry_name(data), ec);  // make the next write real
    }
    return write_corpus_entry(corpus, data) ? 0 : 1;
  };
  pid_t a = cxxtest::testing::spawn(writer), b = cxxtest::testing::spawn(writer);
  CHECK(cxxtest::testing::wait_child(a) == 0);
  CHECK(cxxtest::testing::wait_child(b) == 0);
  REQUIRE(write_corpus_entry(corpus, data));
  auto files = list_corpus_entries(corpus);
  REQUIRE(files);
  CHECK(files->size() == 1);
  CHECK(read_file(corpus / corpus_entry_name(data)) == data);
  CHECK(std::distance(fs::directory_iterator(corpus), fs::directory_iterator()) == 1);
}
