// The module's include graph, from a textual scan of #include lines (no
// preprocessing: an include inside #if counts). It answers which module
// headers a file reaches and which packages a test binary must link.
//
// Scan results are cached per file by (mtime, size) in one text file, so a
// no-op run reads each source's stat only. Within one run every file is
// stat'ed and its includes resolved once, however many test binaries reach it.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "driver/module.h"

namespace cxxtest::driver {

class IncludeGraph {
 public:
  // `search_dirs`: the module root first, then the configured include dirs.
  // `cache_file`: where scan results persist between runs ("" for none).
  IncludeGraph(std::filesystem::path root, std::vector<std::filesystem::path> search_dirs,
               std::filesystem::path cache_file);

  // Module files `file` includes directly, resolved against its own directory
  // and then the search dirs; includes that resolve outside the module are dropped.
  std::vector<std::filesystem::path> direct_includes(const std::filesystem::path& file);

  // Every module file reachable from `files` through includes (not `files` themselves).
  std::set<std::filesystem::path> reachable(const std::vector<std::filesystem::path>& files);

  // The packages whose sources the test binary of `pkg` links: `pkg` itself,
  // then every package implementing a header reachable from `test_files`,
  // `pkg`'s sources or a linked package's sources, transitively. Sorted by
  // rel_dir. A header is implemented by the package in its own directory
  // when that has sources; else by the packages declared for its directory
  // (set_header_packages); else by every package with a source of the same
  // stem that includes it (include/yaml-cpp/parser.h <- src/parser.cpp).
  std::vector<const Package*> link_set(const Package& pkg,
                                       const std::vector<std::filesystem::path>& test_files,
                                       const std::map<std::string, Package>& by_dir);

  // [package."src"] headers = ["include/yaml-cpp"]: module-relative header
  // directories (and everything below them) implemented by a package.
  void set_header_packages(std::vector<std::pair<std::string, std::string>> dir_to_package);

  // What program entry points `file` defines (kMainEntry | kFuzzerEntry):
  // a main() is never linked into a test binary; an LLVMFuzzerTestOneInput()
  // (a libFuzzer harness) only into its own package's.
  unsigned entry_points(const std::filesystem::path& file);

  // True when `file` or a module header it reaches includes <cxxtest/cxxtest.h>
  // (or <cxxtest/libfuzzer.h>, which does).
  bool includes_cxxtest(const std::filesystem::path& file);

  // Writes the scan cache if anything changed (atomic). Errors are ignored:
  // the cache is only an accelerator.
  void save();

 private:
  struct Entry {
    int64_t mtime_ns = 0;
    int64_t size = -1;
    unsigned entries = 0;                 // kMainEntry | kFuzzerEntry
    std::vector<std::string> directives;  // "\"a/b.h" or "<a/b.h"
  };
  // One resolved include: the file, its map key, and the module-relative
  // directory owning it ("." for the root).
  struct Include {
    std::filesystem::path path;
    std::string key;
    std::string owner;
  };
  struct FileStat {
    bool regular = false;
    int64_t mtime_ns = 0;
    int64_t size = -1;  // -1: missing
  };
  const FileStat& stat_of(const std::filesystem::path& file);
  const Entry& scan(const std::filesystem::path& file);
  const std::vector<Include>& includes_of(const std::filesystem::path& file);
  // The packages implementing the header `inc` (see link_set).
  std::vector<std::string> implementers(const Include& inc, const std::map<std::string, Package>& by_dir);
  void load();

  std::filesystem::path root_;
  std::vector<std::filesystem::path> search_dirs_;
  std::filesystem::path cache_file_;
  std::map<std::string, Entry> entries_;
  std::unordered_map<std::string, std::vector<Include>> includes_;  // this run's answers
  std::unordered_map<std::string, FileStat> stats_;                 // this run's stats
  bool dirty_ = false;
  std::vector<std::pair<std::string, std::string>> header_packages_;  // dir -> package
  // Header key -> packages with a same-stem source including it, built on
  // first need from every package's sources.
  std::unordered_map<std::string, std::vector<std::string>> stem_implementers_;
  bool stem_index_built_ = false;
};

enum EntryPoint : unsigned { kMainEntry = 1, kFuzzerEntry = 2 };

// The program entry points the source text defines (kMainEntry for main(),
// kFuzzerEntry for LLVMFuzzerTestOneInput()), by a textual look: a return
// type, the name, a parenthesized list, then "{". A harness's main() inside
// a preprocessor conditional (#ifdef MAIN) does not count.
unsigned program_entries(std::string_view text);

// The #include directives of a source text, in order: "\"x.h" or "<x.h".
std::vector<std::string> scan_include_directives(std::string_view text);

}  // namespace cxxtest::driver
