// The pieces of driver/deps.cpp, shared by its files and its unit tests:
// build system detection, the source walk and fingerprint, tree copies,
// running a dep's build commands, and one builder per build system.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "driver/deps.h"

namespace cxxtest::driver::deps {

namespace fs = std::filesystem;

// Where one dep's files are (see the layout in driver/deps.h).
struct DepDirs {
  fs::path source;  // the spec's source dir
  fs::path root;    // deps/<NAME>
  fs::path build, prefix, build_log, compile_log, configured, fingerprint, result, lock;
  // The CMake switches learned for a project whose own options make it
  // shared, one file per dep for all the module's build variants:
  // <module's build dir>/deps-learned/<NAME>.cmake-static-switches.
  fs::path learned_switches;
  // Beside it, <NAME>.cmake-failed: the CMake build failed and configure
  // built the dep (ensure_dep), for every variant too.
  fs::path cmake_failed;
};
DepDirs dep_dirs(const DepSpec& spec, const DepContext& ctx);

// "cmake", "autotools", "meson", "make" or "command": the spec's build,
// else what the source dir holds (CMakeLists.txt, then configure /
// configure.ac / configure.in, then meson.build, then Makefile / makefile /
// GNUmakefile). The error says what
// was looked for.
Expected<std::string> detect_build_system(const DepSpec& spec);

// One regular file or symlink under a source tree, as lstat saw it.
struct SourceEntry {
  std::string rel;  // relative path, '/'-separated
  int64_t mtime_ns = 0;
  int64_t size = 0;
  bool symlink = false;
};

// `p` lexically normalized without a trailing separator: "/a/fuzz/.." is
// "/a", as every path compared with a walk's paths must be.
fs::path clean_dir(const fs::path& p);

// Every file under `root`, depth first with each directory's names sorted,
// from readdir and lstat alone (no file is read). Left out: .git/.hg/.svn,
// .deps/.libs and autom4te.cache directories, object files (*.o, *.obj,
// *.lo, *.la, *.so, *.gch, *.pch), any directory below the root holding
// CMakeCache.txt or config.status (another build tree), the files and
// directories in `skip` (the cache, the module), and directories named one
// of `skip_names` at any depth.
std::vector<SourceEntry> walk_source(const fs::path& root, const std::vector<fs::path>& skip,
                                     const std::vector<std::string>& skip_names = {});

// What a dep's walk leaves out besides build trees: the module's directory
// when it lies inside the source (a fuzz/ module in the library's checkout;
// a module at the source's root keeps its tests but not its cxxtest.toml
// and testdata/ dirs), the dep's build dirs and the cache, each found
// lexically or with symlinks resolved.
struct WalkSkip {
  std::vector<fs::path> paths;
  std::vector<std::string> names;
};
WalkSkip skipped_by_walk(const DepDirs& dirs, const DepContext& ctx);

// What a dep's result is keyed on. `input` is one tagged line per input
// (spec fields, variant, the wrappers' flags, compilers, CFLAGS & co.) and
// a last line "files <count> <digest>": a fast 128-bit digest of every
// entry's (rel, mtime, size, symlink). `hash` is the SHA-256 of `input`.
struct Fingerprint {
  std::string input;
  std::string hash;
};
Fingerprint fingerprint_of(const DepSpec& spec, const std::string& system, const DepContext& ctx,
                           const std::vector<SourceEntry>& entries);
// The input with one "file <rel> <mtime_ns> <size>" line per entry: written
// beside the result, to see why a dep rebuilt (diff two of them).
std::string fingerprint_dump(const Fingerprint& fp, const std::vector<SourceEntry>& entries);
// Whether a file of `entries` changed to a date before the last good build
// (the dump in dirs.fingerprint, and that file's mtime): make and ninja
// would take it for up to date.
bool changed_into_the_past(const DepDirs& dirs, const std::vector<SourceEntry>& entries);

// Makes `dst` hold a copy of every entry of `src`: copies the files whose
// size or mtime differ (or are missing) and gives each copy the source's
// mtime, so make rebuilds only what changed. Never deletes from `dst`.
Expected<bool> sync_copy(const fs::path& src, const fs::path& dst, const std::vector<SourceEntry>& entries);

// sync_copy of the source dir into the build dir, which is then marked as
// a copy (build/.cxxtest-copy), so compile.log paths map back to the source.
Expected<bool> copy_source_to_build(const DepDirs& dirs, const std::vector<SourceEntry>& entries);
bool build_is_copy(const DepDirs& dirs);

// The sources a compile log names (`<abs source>\t<abs cwd>\t<args...>` lines),
// absolute and normalized, sorted, without duplicates; a source under a copy
// (`copied_from` -> `copy`) is named by its original path; left out are
// sources under `drop_under` (the dep's own dir: configure tests, generated
// files), compiles run under `drop_cwd_under` (CMake's try_compile scratch
// dirs, which compile CMake's own test sources) and missing files.
std::vector<fs::path> read_compile_log(const fs::path& log, const fs::path& copy, const fs::path& copied_from,
                                       const fs::path& drop_under, const fs::path& drop_cwd_under);

// `s` from the spec's include_dirs / libs: $SOURCE/, $BUILD/ and $PREFIX/
// expand to those dirs, a relative path is relative to the source dir.
fs::path expand_dep_path(const std::string& s, const DepDirs& dirs);

// Runs one dep build's commands with the wrappers' environment, appending
// their output to build.log (and, with -x, printing them).
class DepRunner {
 public:
  // `system` ("cmake", "autotools"...) names the build in progress lines.
  DepRunner(const DepSpec& spec, const DepContext& ctx, const DepDirs& dirs, const std::string& system);
  // Runs argv in `cwd`. On failure the error is "<where>: [deps.NAME]:
  // <what> failed (exit N); last lines of <build.log>:" and those lines.
  Expected<bool> run(const std::string& what, const std::vector<std::string>& argv, const fs::path& cwd);
  // Like run, but a failure is only logged: returns false.
  bool try_run(const std::vector<std::string>& argv, const fs::path& cwd);
  // Runs argv in the build dir with `env` (NAME=VALUE) added and puts what
  // it printed (stdout and stderr; why it did not start) into *output, which
  // is logged too. Returns whether it exited 0.
  bool capture(const std::vector<std::string>& argv, const std::vector<std::string>& env,
               std::string* output);
  // For a build in a copy of the source: compiles map the build dir to the
  // source dir in debug info and __FILE__ (-ffile-prefix-map, through clang's
  // CCC_OVERRIDE_OPTIONS, which the wrappers' clang reads), so reports name
  // the user's files. Skipped for paths holding blanks (the variable splits
  // on them).
  void map_build_to_source();
  // The same for another prefix compiles name the source by: Meson names
  // sources relative to its build dir ("../../../../lib/src/x.c"), which
  // reports would show under the cache's build dir.
  void map_to_source(const std::string& from);
  // A warning on stderr ("cxxtest: [deps.NAME]: ...") and in build.log.
  void warn(const std::string& what);
  // What the last run() appended to build.log: its command and output.
  std::string last_output() const;
  // The warning for `options` that `tool` ("configure") went on without
  // (deps_ignored.h); none for none.
  void warn_ignored(const std::string& tool, const std::vector<std::string>& options);
  // "<where>: [deps.NAME]: " + what.
  Error error(const std::string& what) const;

  // PKG_CONFIG_PATH as the build commands get it: the earlier deps' dirs,
  // then the user's.
  const std::string& pkg_config_path() const { return pkg_config_path_; }
  // The earlier deps (DepContext::earlier).
  const std::vector<EarlierDep>& earlier() const { return ctx_.earlier; }

  // What a build tree is set up by, for reset_unless_configured: the
  // command, the compilers the wrappers run and the environment the build
  // gets. A change of any starts the tree afresh: make sees only mtimes and
  // CMake reads CFLAGS once, so a mere re-run would keep the old objects.
  std::string setup(const std::vector<std::string>& command) const;

  int jobs() const { return jobs_; }
  const std::string& cc() const { return cc_; }
  const std::string& cxx() const { return cxx_; }

 private:
  int exec(const std::vector<std::string>& argv, const fs::path& cwd, std::string* how);
  // A line on stderr when $CXXTEST_DEP_PROGRESS seconds (20) have passed
  // since the last one:
  // how long the build has run, which command runs, how many files the
  // wrappers compiled (a library's build can take minutes and is otherwise
  // silent).
  void say_progress(const std::vector<std::string>& argv);
  void find_earlier_deps(const DepContext& ctx);

  const DepSpec& spec_;
  const DepContext& ctx_;
  const DepDirs& dirs_;
  std::string cc_, cxx_;
  std::vector<std::string> env_;
  std::string setup_env_;  // setup()'s environment part, as constructed
  std::string pkg_config_path_;
  int jobs_;
  std::string label_;  // "NAME (SYSTEM, VARIANT)"
  // "632 in the fuzz build": the files another variant's finished build of
  // the dep compiled, a measure for the progress lines ("" when none).
  std::string other_build_;
  std::chrono::steady_clock::time_point started_, said_;
  uintmax_t last_from_ = 0;  // build.log's size as the last run() started
};

// What a progress line says runs: the program and, for a driver like
// cmake, its mode ("cmake --build"); past `env VAR=value`; a shell's
// script ("autogen.sh"), or "its command" for a `command` build's sh -c.
std::string progress_step(const std::vector<std::string>& argv);

// The absolute globs of the files a dep's build compiles without coverage
// (deps.h): the spec's under its source dir, then the module's under its
// root. None when the build does not fuzz (a plain or external one).
std::vector<std::string> noinstrument_globs(const DepSpec& spec, const DepContext& ctx);

// The wrapper paths a context names (its cc/cxx, else beside cxxtest).
std::string wrapper_cc(const DepContext& ctx);
std::string wrapper_cxx(const DepContext& ctx);

// The last `n` lines of a log's text (for failure messages).
std::string tail_lines(std::string_view text, int n);
// The first `n` lines of a log's text from byte `from` on that report an
// error (a compiler's "file:1:2: error: ...", "Error: ..."), for failure
// messages.
std::string first_error_lines(std::string_view text, size_t from, int n);

// Starts a build tree afresh (removes build/ and prefix/, empties
// compile.log) unless `configured` holds `setup`. Returns true when it did.
bool reset_unless_configured(const DepDirs& dirs, const std::string& setup);
// Records `setup` as what the build tree was set up with.
Expected<bool> mark_configured(const DepDirs& dirs, const std::string& setup);

// The builders: each runs the build and returns include_dirs, defines,
// archives and link_group (the caller adds the rest).
Expected<DepBuild> build_cmake(const DepSpec& spec, const DepDirs& dirs, DepRunner& run);
// The -D settings every CMake configure gets before the user's options
// (the fingerprint lists them, so a change rebuilds).
const std::vector<std::string>& cmake_fixed_settings();
Expected<DepBuild> build_autotools(const DepSpec& spec, const DepDirs& dirs, DepRunner& run,
                                   const std::vector<SourceEntry>& entries);
Expected<DepBuild> build_make(const DepSpec& spec, const DepDirs& dirs, DepRunner& run,
                              const std::vector<SourceEntry>& entries);
Expected<DepBuild> build_command(const DepSpec& spec, const DepDirs& dirs, DepRunner& run);
Expected<DepBuild> build_meson(const DepSpec& spec, const DepDirs& dirs, DepRunner& run);
// The settings every meson setup gets before the user's options (the
// fingerprint lists them, so a change rebuilds).
const std::vector<std::string>& meson_fixed_settings();

// Empties the dep's prefix before an install: what an earlier build
// installed and this one no longer does (a library turned shared, renamed)
// must not be linked.
void clear_prefix(const DepDirs& dirs);
// What an install into the dep's prefix left (autotools, Meson):
// <prefix>/include and every <prefix>/lib*/*.a.
DepBuild installed_tree(const DepDirs& dirs);
// When the install failed or was skipped: the source's include/ (else its
// root), the build dir, and every archive under the build dir.
DepBuild build_tree(const DepDirs& dirs);

// What the pkg-config files the build installed say its libraries need
// (driver/deps_pkgconfig.cpp): when <prefix>/lib/pkgconfig, lib64/pkgconfig
// or share/pkgconfig holds *.pc files, `pkg-config --cflags` and `pkg-config
// --static --libs` of all of them (PKG_CONFIG_PATH naming those dirs first,
// then run.pkg_config_path()) add their -I/-isystem dirs (unless the spec
// names include_dirs), -D defines, and link arguments (unless the spec names
// link) but -l of a library among `b.archives` or an earlier dep's.
// pkg-config missing or failing is a warning.
void add_pkg_config(const DepSpec& spec, const DepDirs& dirs, DepRunner& run, DepBuild& b);

// Where an install prefix keeps pkg-config files (add_pkg_config reads them,
// a later dep's PKG_CONFIG_PATH names them).
inline constexpr const char* kPkgConfigDirs[] = {"lib/pkgconfig", "lib64/pkgconfig", "share/pkgconfig"};

// Splits pkg-config output into words: blanks separate, a backslash keeps
// the next character (pkg-config escapes blanks in paths so).
std::vector<std::string> split_pkg_config_words(const std::string& text);

// The CMake File API reply of a configured build tree: the static libraries
// `targets` names (every static library when empty) and those they depend
// on, each before its dependencies; their include dirs and defines. Errors
// name a missing target, one that is not a static library, or a build that
// made none; those about shared libraries set *shared_only.
Expected<DepBuild> read_cmake_reply(const fs::path& build_dir, const std::vector<std::string>& targets,
                                    bool* shared_only = nullptr);

// The link probe (driver/deps_cmake_probe.cpp): the CMake script, written
// once into the dep's dir, that CMAKE_PROJECT_INCLUDE names; it adds an
// executable target kLinkProbeTarget (never built) linking every static
// library of the project, so the File API says what they need to link.
extern const char* const kLinkProbeTarget;
// The script's file name, versioned: a changed script is a new name, in the
// configure command and in a CMake dep's fingerprint, so deps built with an
// older one are built again.
extern const char* const kLinkProbeScript;
Expected<fs::path> write_link_probe(const DepDirs& dirs);
// One of a linking target's link command fragments (File API
// link.commandFragments): its text, its role ("libraries", "flags",
// "libraryPath") and, for a path, the file it names (relative ones are
// under the build dir), normalized.
struct LinkFragment {
  std::string fragment, role;
  fs::path path;
};
// The probe's libraries but the project's own `archives` (every static
// library it defines), in order, once each, paths absolute:
// "/usr/lib/x86_64-linux-gnu/libbz2.so", "-lm", "-pthread".
std::vector<std::string> probe_link_libraries(const std::vector<LinkFragment>& fragments,
                                              const std::vector<fs::path>& archives);

}  // namespace cxxtest::driver::deps
