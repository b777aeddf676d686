// External dependencies ([deps.NAME] in cxxtest.toml): libraries built by
// their own build system (CMake, autotools, Make or a command), out of tree
// under the cache dir, once per build variant, with cxxtest's compiler
// wrappers (cxxtest-cc / cxxtest-c++), so their code is instrumented exactly
// like module code. Test binaries of the packages that use a dep link its
// static libraries and compile with its include dirs and defines.
//
// Layout, under the variant's build directory:
//   deps/<NAME>/build/      the build tree (or a copy of the source, for make)
//   deps/<NAME>/prefix/     its install prefix (cmake --install, make install)
//   deps/<NAME>/build.log   the last build's output (shown when it fails)
//   deps/<NAME>/compile.log the wrapper's CXXTEST_COMPILE_LOG (sources compiled)
//   deps/<NAME>/result      what the last good build produced, with the
//                           fingerprint it was built from
//
// A dep is rebuilt when its fingerprint changes (the DepSpec, the variant,
// the wrapper flags, the compiler, and the (path, mtime, size) of every file
// under its source dir but .git and build trees) and never otherwise.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "driver/config.h"
#include "driver/expected.h"
#include "instrument/variant.h"

namespace cxxtest::driver {

// What a built dep gives the module's compiles and links.
struct DepBuild {
  std::vector<std::filesystem::path> include_dirs;  // -I for module code
  std::vector<std::string> defines;                 // -D (from CMake targets' interface)
  std::vector<std::filesystem::path> archives;      // static libraries, link order
  std::vector<std::string> link_args;               // after the archives ("-lz", "-pthread")
  bool whole_archive = true;                        // the spec's whole_archive
  std::vector<std::filesystem::path> compiled_sources;  // absolute: what its build compiled
};

struct DepContext {
  std::filesystem::path deps_dir;  // <cache>/build/<module key>/<variant>/deps
  cxxtest::instrument::Variant variant;
  bool print_commands = false;  // -x: print the build system's commands
  bool progress = false;        // a TTY: one status line while building
};

// Builds the dep if its fingerprint changed, else reads the last result.
// Errors name the dep and its cxxtest.toml location and include the tail of
// build.log.
Expected<DepBuild> ensure_dep(const DepSpec& spec, const DepContext& ctx);

}  // namespace cxxtest::driver
