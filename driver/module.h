// Modules and packages: the module is the tree under cxxtest.toml, a package
// is one directory of it holding .c/.cpp/.cc/.cxx files (.c files are C). Like Go, directories named
// testdata or starting with '.' or '_', and nested modules, are skipped.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.h"
#include "driver/config.h"

namespace cxxtest::driver {

struct Package {
  std::string rel_dir;                            // "." or "parser/json"
  std::filesystem::path dir;                      // absolute
  std::string import_path;                        // module name [+ "/" + rel_dir]
  std::vector<std::filesystem::path> sources;     // non-test .c/.cpp/.cc/.cxx, sorted
  std::vector<std::filesystem::path> test_files;  // *_test.cpp/*_test.cc, sorted
};

bool is_test_file(const std::filesystem::path& p);
bool is_source_file(const std::filesystem::path& p);
bool is_c_source(const std::filesystem::path& p);  // compiled as C

// The nearest directory at or above `start` holding cxxtest.toml.
Expected<std::filesystem::path> find_module_root(const std::filesystem::path& start);

// Every package of the module, sorted by rel_dir. Directories in `skip`
// (the cache directory, when it lies inside the module) are not entered.
std::vector<Package> scan_packages(const Config& config, const std::vector<std::filesystem::path>& skip = {});

// Expands patterns (".", "./dir", "./...", "./dir/...", "dir", or import
// paths under the module name) relative to `cwd`. Each pattern must match at
// least one package: "pattern ./x: matched no packages".
Expected<std::vector<Package>> match_packages(const Config& config, const std::vector<std::string>& patterns,
                                              const std::filesystem::path& cwd,
                                              const std::vector<std::filesystem::path>& skip = {});
// The same over packages scan_packages already returned (no I/O).
Expected<std::vector<Package>> match_scanned(const std::vector<Package>& all, const Config& config,
                                             const std::vector<std::string>& patterns,
                                             const std::filesystem::path& cwd);

}  // namespace cxxtest::driver
