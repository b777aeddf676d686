// External dependencies ([deps.NAME] in cxxtest.toml): libraries built by
// their own build system (CMake, autotools, Meson, Make or a command), out of tree
// under the cache dir, once per build variant (deps_variant, plan.h: a plain
// build links the fuzz build's), with cxxtest's compiler
// wrappers (cxxtest-cc / cxxtest-c++), so their code is instrumented exactly
// like module code. Test binaries of the packages that use a dep link its
// static libraries and compile with its include dirs and defines.
//
// Layout, under the variant's build directory:
//   deps/<NAME>/build/      the build tree; for make, and for autotools when
//                           the source has no configure script or was
//                           configured in place, a copy of the source built
//                           in place (mtimes kept, object files left out)
//   deps/<NAME>/prefix/     its install prefix (autotools: make install)
//   deps/<NAME>/build.log   the last build's output (shown when it fails)
//   deps/<NAME>/compile.log the wrapper's CXXTEST_COMPILE_LOG (sources compiled)
//   deps/<NAME>/configured  the configure (or make) command the build tree
//                           was set up with, its compilers and environment;
//                           another one starts it afresh
//   deps/<NAME>/link-probe-2.cmake the script a CMake configure includes to
//                           learn what the static libraries link
//                           (deps_cmake_probe.cpp)
//   deps/<NAME>/cmake-failed the CMake key whose build failed when configure
//                           then built it (a project that ships both)
//   deps/<NAME>/fingerprint what the fingerprint was computed from (to see
//                           why a dep rebuilt)
//   deps/<NAME>/result      what the last good build produced, with the
//                           fingerprint it was built from (JSON)
//   deps/<NAME>/lock        held while building, so two runs never build the
//                           same dep at once
// and, beside the variants' directories, for all of them:
//   deps-learned/<NAME>.cmake-static-switches  the CMake switches that make
//                           a shared-only project static
//
// Every build command runs with the user's environment (CFLAGS, CXXFLAGS...
// as they are: the wrappers add cxxtest's flags) plus CC / CXX (the
// wrappers), CXXTEST_VARIANT, CXXTEST_COMPILE_LOG, CXXTEST_DEP_SOURCE,
// CXXTEST_DEP_BUILD, CXXTEST_DEP_PREFIX, CXXTEST_NOINSTRUMENT (when there
// are globs), and MAKEFLAGS, MFLAGS, DESTDIR
// emptied. Builds in a copy map the copy to the source dir in debug info
// (-ffile-prefix-map), so reports name the user's files.
//
// Deps are built in cxxtest.toml's order, and a dep's build finds the ones
// built before it (a library that needs another, as libvorbis needs libogg),
// as it would find them installed: their install prefixes lead
// PKG_CONFIG_PATH (<prefix>/lib/pkgconfig, lib64/pkgconfig, share/pkgconfig)
// and CMAKE_PREFIX_PATH, their include dirs (-I) CPPFLAGS and their
// archives' dirs (-L) LDFLAGS, each before the user's own value.
//
// A fuzz build's wrappers compile the files that the spec's noinstrument
// globs (relative to its source dir) or the module's [fuzz] noinstrument
// globs (relative to the module root) match without coverage, as module
// code: CXXTEST_NOINSTRUMENT holds them as absolute globs
// (driver/compiler_wrapper.h).
//
// A dep is rebuilt when its fingerprint changes (the DepSpec, the variant,
// the wrapper flags, the compilers, CFLAGS/CXXFLAGS/CPPFLAGS/LDFLAGS, the
// fingerprints of the deps built before it, and the
// (path, mtime, size) of every file under its source dir but .git, object
// files, other build trees, the cache and the module's own directory when it
// lies inside: its tests, cxxtest.toml and testdata/ never rebuild the
// library) and never otherwise: a no-op run only lstats the source tree and
// reads `result`. A file that changed to a date before the last build (a
// git archive, a tarball) would look up to date to make: the build tree is
// removed and the dep built afresh.
//
// What a dep gives, by build system (the spec's include_dirs and libs are
// relative to the source dir, or start with $SOURCE/, $BUILD/ or $PREFIX/):
//   cmake      the CMake File API's view of the targets (default: every
//              static library), their static library dependencies, their
//              compile groups' include dirs and defines; the spec's
//              include_dirs and libs are added
//   autotools  <prefix>/include and every <prefix>/lib*/*.a (link_group);
//              if make install fails, the build tree's archives, the source
//              dir (or its include/) and the build dir
//   make       the source's include/ (else the source dir) and every .a the
//              build wrote (link_group)
//   command    only what the spec names (libs is required)
// For autotools and make, the spec's include_dirs / libs replace the defaults;
// a build that gives no archive and names no libs is an error saying what to
// set. Whatever the system, *.pc files the build installed (<prefix>/lib/
// pkgconfig, lib64/pkgconfig, share/pkgconfig) add pkg-config's include dirs
// (unless the spec names include_dirs), defines, and static link arguments
// (unless link_only), but -l of the dep's own archives. The spec's link
// comes last, after those and a CMake build's probed libraries (which
// link_only drops as well).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "driver/config.h"
#include "instrument/variant.h"

namespace cxxtest::driver {

// What a built dep gives the module's compiles and links.
struct DepBuild {
  std::vector<std::filesystem::path> include_dirs;  // -I for module code
  std::vector<std::string> defines;                 // -D (from CMake targets' interface)
  std::vector<std::string> compile_flags;           // more for module code (pkg-config's -pthread)
  std::vector<std::filesystem::path> archives;      // static libraries, link order
  std::vector<std::string> link_args;               // after the archives ("-lz", "-pthread")
  bool whole_archive = true;                        // the spec's whole_archive
  // The archives' order is not known (found by a directory walk): link them
  // between -Wl,--start-group and -Wl,--end-group. Always false for cmake.
  bool link_group = false;
  // Archives among `archives` that define main() (a test runner's, like
  // gtest_main): never linked whole, so they cannot clash with the test
  // binary's own main.
  std::vector<std::filesystem::path> program_archives;
  std::vector<std::filesystem::path> compiled_sources;  // absolute: what its build compiled
  std::string fingerprint;                              // what it was built from (its hash)
  std::filesystem::path prefix;                         // its install prefix (deps/<NAME>/prefix)
};

// A dep built before another, which that one's build finds (see above).
struct EarlierDep {
  std::string name;
  DepBuild build;
};

// The compilers and flags of a build for another fuzzing engine (cxxtest
// export: OSS-Fuzz's $CC, $CXX, $CFLAGS, $CXXFLAGS): the wrappers run these
// compilers with these flags in place of a variant's (CXXTEST_VARIANT=external).
struct ExternalCompilers {
  std::string cc, cxx;
  std::vector<std::string> cflags, cxxflags;
};

struct DepContext {
  std::filesystem::path deps_dir;  // <cache>/build/<module key>/<variant>/deps
  cxxtest::instrument::Variant variant;
  // Set: the dep is built for another engine, `variant` is not used.
  std::optional<ExternalCompilers> external;
  // "external" or the variant's name: what build.log and progress lines say.
  std::string build_name() const { return external ? "external" : variant.name(); }
  bool print_commands = false;  // -x: print the build system's commands
  // The compiler wrappers; empty: cxxtest-cc / cxxtest-c++ beside the
  // cxxtest executable (tests pass stand-ins).
  std::filesystem::path cc, cxx;
  int jobs = 0;  // parallel jobs of the dep's build; 0: the number of CPUs
  // The module's root: when it lies inside a dep's source (a fuzz/ module in
  // the library's checkout), it is not part of the dep's sources.
  std::filesystem::path module_root;
  // The deps built before this one, in order: its build finds them.
  std::vector<EarlierDep> earlier;
  // [fuzz] noinstrument: module-relative globs, which also leave out a
  // dep's files under the module (a vendored third_party/zlib).
  std::vector<std::string> module_noinstrument;
  // The compilers the wrappers run: the module's [build] compiler and
  // c_compiler; empty: clang / clang++. CXXTEST_CC / CXXTEST_CXX in the
  // environment name others, an external build's own replace both.
  std::string module_cc, module_cxx;
};

// The C (c_plus_plus false) or C++ compiler the wrappers run for a dep:
// an external build's own, else CXXTEST_CC / CXXTEST_CXX, else the module's.
std::string dep_compiler(const DepContext& ctx, bool c_plus_plus);

// Builds the dep if its fingerprint changed, else reads the last result.
// Errors name the dep and its cxxtest.toml location and include the tail of
// build.log.
Expected<DepBuild> ensure_dep(const DepSpec& spec, const DepContext& ctx);

// Whether `p` is `dir` or lies below it, compared lexically (both normal):
// which files are a dep's (its source dir), or its build's copy.
bool is_under(const std::filesystem::path& p, const std::filesystem::path& dir);

}  // namespace cxxtest::driver
