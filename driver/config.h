// cxxtest.toml: the module's configuration, read with TOML++.
//
//   [module]                name = "example.com/calc", exclude = ["tools/**"]
//   [build]                 compiler, c_compiler, std, c_std, include_dirs,
//                           defines, flags, cflags, cxxflags, ldflags, libs,
//                           pkg_config, compile_commands
//   [package."parser"]      the same keys as [build], for one package (dir
//                           relative to the module root, "." for the root);
//                           lists are appended, scalars replace; also
//                           exclude (globs relative to the package), headers
//                           (dirs whose headers its sources implement) and
//                           deps (the [deps] it links; default all)
//   [deps.NAME]             a library built by its own build system
//                           (DepSpec below)
//   [fuzz]                  noinstrument = ["third_party/**"], detect_leaks,
//                           cmp_guidance, laf (booleans)
//
// The [build] and [package] keys are one table (kBuildKeys in config.cpp);
// each other section's reader names its keys. An unknown key or a value of
// the wrong type is an error "cxxtest.toml:LINE:COL: ...".
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/expected.h"

namespace cxxtest::driver {

struct BuildSettings {
  std::string compiler;                   // C++ compiler; empty: inherit
  std::string c_compiler;                 // C compiler (for .c files); empty: inherit
  std::string std;                        // C++ standard of test files and C++ sources; empty: inherit
  std::string c_std;                      // C standard of .c files; empty: the compiler's default
  std::string compile_commands;           // compile_commands.json giving per-source flags
  std::vector<std::string> include_dirs;  // relative to the module root
  std::vector<std::string> defines;
  std::vector<std::string> flags;     // every compile (C and C++)
  std::vector<std::string> cflags;    // C compiles only
  std::vector<std::string> cxxflags;  // C++ compiles only
  std::vector<std::string> ldflags;   // the link of test binaries
  std::vector<std::string> libs;      // "m" or "-lm" or a path
  std::vector<std::string> pkg_config;
  // Package level only ([package."dir"]):
  std::vector<std::string> exclude;  // globs relative to the package dir
  std::vector<std::string> headers;  // dirs whose headers this package's sources implement
  std::vector<std::string> deps;     // [deps] names linked; empty: all of them

  // `over` applied on top of this: scalars replace when set, lists append.
  BuildSettings merged(const BuildSettings& over) const;
};

// [fuzz]: how fuzz builds are instrumented and how the engine runs.
struct FuzzSettings {
  bool detect_leaks = true;  // detect_leaks: an input that leaks fails (-asan only)
  bool cmp_guidance = true;  // cmp_guidance: mutate with recently compared values
  bool laf = false;          // laf: split wide compares into byte-wise steps
};

// [deps.NAME]: a library built by its own build system, out of tree under
// the cache dir, once per build variant (plain builds share the fuzz
// build's: deps_variant, plan.h), through cxxtest's compiler
// wrappers (so it is instrumented like module code); test binaries link
// its static libraries.
struct DepSpec {
  std::string name;
  std::filesystem::path source;           // absolute, normalized
  std::string build;                      // "cmake", "autotools", "make" or "command"
  std::vector<std::string> options;       // cmake -D..., configure arguments, make variables
  std::vector<std::string> targets;       // cmake targets or make goals; empty: the default
  std::string command;                    // build = "command": shell command run in the build dir
  std::vector<std::string> include_dirs;  // as written (see driver/deps.h for how they resolve)
  std::vector<std::string> libs;          // as written: static libraries it produces
  std::vector<std::string> link;          // extra link arguments ("-lz", "-ldl")
  bool link_only = false;                 // link replaces what pkg-config / the CMake probe found
  bool whole_archive = true;              // link its archives whole, so its definitions win
  std::vector<std::string> noinstrument;  // globs relative to `source` compiled without coverage
  std::string where;                      // "cxxtest.toml:L:C" of the table, for messages
};

struct Config {
  std::filesystem::path root;                     // module root (directory of cxxtest.toml)
  std::string module;                             // [module] name
  BuildSettings build;                            // [build], with defaults filled in
  std::vector<std::string> exclude;               // [module] exclude: module-relative globs
  std::map<std::string, BuildSettings> packages;  // [package."dir"]
  std::vector<DepSpec> deps;                      // [deps.NAME], in file order
  // "cxxtest.toml:L:C" of scalar keys ("build.compiler",
  // "package.parser.compiler") and package tables ("package.parser").
  std::map<std::string, std::string> locations;
  std::vector<std::string> noinstrument;  // [fuzz] noinstrument
  FuzzSettings fuzz;                      // the other [fuzz] keys

  // The settings for one package directory ("." for the root).
  BuildSettings for_package(const std::string& rel_dir) const;
  // True when the module-relative path (a file or directory) is left out by
  // [module] exclude or a [package] exclude.
  bool excluded(const std::string& rel_path) const;
  // The location of a key for messages, "cxxtest.toml" when it was not set.
  std::string location_of(const std::string& key) const;
};

// The C compiler that goes with a C++ one, when build.c_compiler is not
// set: clang++-16 -> clang-16 when that is found, else clang.
std::string c_compiler_beside(const std::string& cxx_compiler);

// Parses `text` as the contents of `file` (used in messages as given).
Expected<Config> parse_config(const std::string& text, const std::filesystem::path& file);
Expected<Config> load_config(const std::filesystem::path& file);

// The starter file `cxxtest init NAME` writes.
std::string starter_config(const std::string& module_name);

}  // namespace cxxtest::driver
