// cxxtest.toml: the module's configuration, read with TOML++.
//
//   [module]                name = "example.com/calc"
//   [build]                 compiler, std, include_dirs, defines, flags, libs, pkg_config
//   [package."parser"]      the same keys as [build], for one package (dir
//                           relative to the module root, "." for the root);
//                           lists are appended, compiler and std replace
//   [fuzz]                  noinstrument = ["third_party/**"], detect_leaks,
//                           cmp_guidance, laf (booleans)
//
// Every key is in one table (kKeys in config.cpp); an unknown key or a value
// of the wrong type is an error "cxxtest.toml:LINE:COL: ...".
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "driver/expected.h"

namespace cxxtest::driver {

struct BuildSettings {
  std::string compiler;  // empty: inherit
  std::string std;       // empty: inherit
  std::vector<std::string> include_dirs;  // relative to the module root
  std::vector<std::string> defines;
  std::vector<std::string> flags;
  std::vector<std::string> libs;       // "m" or "-lm" or a path
  std::vector<std::string> pkg_config;

  // `over` applied on top of this: scalars replace when set, lists append.
  BuildSettings merged(const BuildSettings& over) const;
};

// [fuzz]: how fuzz builds are instrumented and how the engine runs.
struct FuzzSettings {
  bool detect_leaks = true;  // detect_leaks: an input that leaks fails (-asan only)
  bool cmp_guidance = true;  // cmp_guidance: mutate with recently compared values
  bool laf = false;          // laf: split wide compares into byte-wise steps
};

struct Config {
  std::filesystem::path root;  // module root (directory of cxxtest.toml)
  std::string module;          // [module] name
  BuildSettings build;         // [build], with defaults filled in
  std::map<std::string, BuildSettings> packages;  // [package."dir"]
  std::vector<std::string> noinstrument;          // [fuzz] noinstrument
  FuzzSettings fuzz;                              // the other [fuzz] keys

  // The settings for one package directory ("." for the root).
  BuildSettings for_package(const std::string& rel_dir) const;
};

// Parses `text` as the contents of `file` (used in messages as given).
Expected<Config> parse_config(const std::string& text, const std::filesystem::path& file);
Expected<Config> load_config(const std::filesystem::path& file);

// The starter file `cxxtest init NAME` writes.
std::string starter_config(const std::string& module_name);

}  // namespace cxxtest::driver
