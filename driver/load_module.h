// Loading a module for a command: find cxxtest.toml above the working
// directory, read it, scan its packages and match the command's patterns.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/expected.h"
#include "driver/config.h"
#include "driver/module.h"

namespace cxxtest::driver {

struct Module {
  Config config;
  std::map<std::string, Package> all;  // every package, by rel_dir
  std::vector<Package> matched;        // the patterns' packages, in order
};

// `patterns` empty means ".". Directories of [deps] sources and the cache
// root are not packages. Warns on stderr about [package] tables naming no
// directory.
Expected<Module> load_module(const std::vector<std::string>& patterns, const std::filesystem::path& cwd,
                             const std::filesystem::path& cache_root);

}  // namespace cxxtest::driver
