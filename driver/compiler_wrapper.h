// cxxtest-cc / cxxtest-c++ (also `cxxtest cc ARGS...` / `cxxtest c++ ARGS...`):
// compiler wrappers that give any build system (autotools, CMake, Make) the
// instrumentation cxxtest gives module code, like AFL++'s afl-clang-fast.
//
// The wrapper execs the real compiler (execvp: exit status and signals are
// the compiler's) as
//   COMPILER [<compile flags>] ARGS... [<link flags> [<coverage stub archive>]]
// where the flags are the variant's, from instrument/variant.h (the same
// calls the driver makes for module code):
//   compile flags  instrumented_flags(variant, <share>/ignorelist.txt, <laf plugin>),
//                  when the invocation compiles or preprocesses something
//                  (a link of objects only gets none: clang would link its
//                  UBSan runtime for -fsanitize-coverage, which cxxtest's own
//                  links never do)
//   link flags     link_flags(variant), only when the invocation links
//   stub archive   <prefix>/lib/cxxtest/<coverage_stub_archive(variant)>, when
//                  it links and the variant has one (fuzz variants), last, so
//                  a program the build links on its own needs no cxxtest runtime.
// The compile flags go first so that the project's own flags can override
// them for a file (-fno-sanitize=..., -fno-builtin). A compile whose
// arguments have no -g flag of their own (-g, -ggdb, -gdwarf-4, ...) also
// gets kWrapperDebugFlag, so sanitizer reports and cxxtest's stacks name
// file:line in a library whose build adds no debug info (a release CMake
// build, a Makefile without -g); one whose last -g flag is -g0 (a
// configure script's non-debug default, as c-ares's) gets it after its
// arguments, where it wins; a preprocessing run or a link of objects gets
// none. Every compile gets kWrapperNoWerror after its arguments.
//
// Environment:
//   CXXTEST_VARIANT          a variant name as Variant::name() prints it
//                            (fuzz, fuzz-asan, plain-ubsan, fuzz-asan-laf, ...);
//                            default fuzz. Any other value: one line on stderr
//                            naming the allowed names, exit 2.
//                            `external`: a build for another engine (cxxtest
//                            export): COMPILER <external flags> ARGS... for
//                            every invocation but a query, nothing else added.
//   CXXTEST_EXTERNAL_CFLAGS, CXXTEST_EXTERNAL_CXXFLAGS
//                            the external flags (blank-separated, as $CFLAGS):
//                            OSS-Fuzz's $CFLAGS / $CXXFLAGS, which both the
//                            compiles and the links get, as its builds do.
//   CXXTEST_CC, CXXTEST_CXX  the real compilers; default clang, clang++.
//                            Not found: "cxxtest cc: clang: not found (set CXXTEST_CC)", exit 127.
//   CXXTEST_NOINSTRUMENT     globs of absolute paths, ':'-separated (*, **
//                            and ?, as [fuzz] noinstrument): in a fuzz
//                            variant, a compile whose every C/C++ source
//                            matches one gets uninstrumented_flags() (the
//                            sanitizers, no coverage) in place of the
//                            instrumented ones, as module code [fuzz]
//                            noinstrument names. A source under
//                            CXXTEST_DEP_BUILD, when that dir is a copy of
//                            CXXTEST_DEP_SOURCE (it holds kDepCopyMarker), is
//                            matched by its path in the source dir.
//   CXXTEST_WRAPPER_VERBOSE  1: print the final command line to stderr first.
//   CXXTEST_COMPILE_LOG      an absolute path: the file to append one line to
//                            per source compiled (format below).
//
// CXXTEST_COMPILE_LOG format: one line per C/C++ source file (an input
// argument ending in .c .cc .cpp .cxx .C .c++) of every invocation that
// compiles it (-c, -S, -fsyntax-only, or compile-and-link in one command;
// not -E/-M/-MM preprocessing and not queries like --version):
//   <absolute source path>\t<absolute cwd>\t<arg 1>\t<arg 2>...\n
// The source path is cwd-joined and lexically normalized; the args are the
// ones the build system passed (without the compiler name, without the
// flags the wrapper adds), verbatim: an argument holding a tab or newline
// cannot be told apart. Each line is written with one write() to a file
// opened O_APPEND, so compilers running at once never interleave lines. A
// log that cannot be opened or written is an error (exit 2): the reader
// must never see a silently partial list.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "instrument/variant.h"

namespace cxxtest::driver {

enum class Language { C, Cxx };

// What a compiler command line does, as far as the flags to add go.
enum class Invocation {
  Query,       // no input file: --version, -v, -dumpmachine, -print-*; nothing is added
  Preprocess,  // -E, -M, -MM: compile flags (they define macros like __has_feature(address_sanitizer))
  Compile,     // -c, -S, -fsyntax-only: compile flags
  Link,        // anything else with inputs: link flags and the stub, and the
               // compile flags too when an input is compiled (`cc -o prog main.c`)
};

// The file a dep's build dir holds when it is a copy of the dep's source
// (written after the copy; holds the source dir's path).
constexpr const char* kDepCopyMarker = ".cxxtest-copy";

// Line tables only: file:line in stacks at a fraction of -g's size and time.
constexpr const char* kWrapperDebugFlag = "-gline-tables-only";
// After a compile's own arguments: warnings stay warnings. A library's
// -Werror (libarchive's development builds) meets newer compilers and
// headers than its revision knew (OpenSSL 3's deprecations) and would stop
// a fuzzing build that has no use for it.
constexpr const char* kWrapperNoWerror = "-Wno-error";

struct CompilerArgs {
  Invocation kind = Invocation::Query;
  bool debug_flag = false;           // a -g flag of the build's own (not -gcc-toolchain)
  bool debug_off = false;            // the last of those is -g0
  std::vector<std::string> sources;  // inputs with a C/C++ source suffix, as written
  bool compiles = false;             // an input is not an object, archive, shared library or @file
  bool relocatable = false;          // -r: a partial link gets no stub archive
  bool language_forced = false;      // the last -x is not "none": the stub needs "-x none" first
};

// Classifies a compiler command line (without the compiler itself). Flags
// that take their value in the next argument (-o out, -I dir, -x c, -MF f,
// -Xlinker x, ...) are skipped with it; "-" (stdin) and @response-files
// count as inputs, a response file's contents are not read.
CompilerArgs classify_compiler_args(const std::vector<std::string>& args);

// Where the wrapper's files are: from install_paths() in a real run.
struct WrapperPaths {
  std::string ignorelist;  // <prefix>/share/cxxtest/ignorelist.txt
  std::string laf_plugin;  // <prefix>/lib/cxxtest/cxxtest-laf.so
  std::string lib_dir;     // <prefix>/lib/cxxtest (holds the stub archive)
};
WrapperPaths installed_wrapper_paths();

// The variant's flags for code compiled through the wrapper; the same list
// `cxxtest env CFLAGS` prints.
std::vector<std::string> wrapper_compile_flags(const cxxtest::instrument::Variant& v, const WrapperPaths& p);
// The path of the variant's coverage stub archive (instrument::
// coverage_stub_archive under lib_dir), "" when it has none. The wrapper
// appends it plainly, last; `cxxtest env LDFLAGS` prints it as one
// -Wl,--whole-archive,<path>,--no-whole-archive word, which works wherever a
// build system puts LDFLAGS on the link line.
std::string coverage_stub_path(const cxxtest::instrument::Variant& v, const WrapperPaths& p);

// Where CXXTEST_NOINSTRUMENT's globs apply: the globs, and the dep's
// source dir with the build dir that copies it (both "" when not a copy).
struct NoInstrument {
  std::vector<std::string> globs;  // absolute
  std::string source, copy;
};
NoInstrument noinstrument_from_env();
// The CXXTEST_NOINSTRUMENT value that noinstrument_from_env() reads back as
// `globs` (what a dep's build sets).
std::string noinstrument_env_value(const std::vector<std::string>& globs);

// Whether `kind` compiles sources and every one of them (joined to `cwd`,
// normalized; under `n.copy`, by its path under `n.source`) matches a glob.
bool skips_instrumentation(const CompilerArgs& kind, const std::string& cwd, const NoInstrument& n);

// The full command: compiler, then args with the variant's flags added for
// `kind` (see the file comment); a link flag already among the compile flags
// (the sanitizers) is not repeated. `instrument` false: the compile flags
// are uninstrumented_flags() (CXXTEST_NOINSTRUMENT).
std::vector<std::string> wrapped_command(const std::string& compiler, const std::vector<std::string>& args,
                                         const CompilerArgs& kind, const cxxtest::instrument::Variant& v,
                                         const WrapperPaths& p, bool instrument = true);

// The command of an external build (CXXTEST_VARIANT=external): compiler,
// `flags` unless the invocation is a query, then args.
std::vector<std::string> external_command(const std::string& compiler, const std::vector<std::string>& args,
                                          const CompilerArgs& kind, const std::vector<std::string>& flags);

// One CXXTEST_COMPILE_LOG line, newline included.
std::string compile_log_line(const std::string& source, const std::string& cwd,
                             const std::vector<std::string>& args);

// The variant CXXTEST_VARIANT names (nullptr or "": fuzz). On error returns
// nullopt and sets `error` to the one-line message (without a prefix).
std::optional<cxxtest::instrument::Variant> variant_from_env(const char* value, std::string* error);

// Runs the wrapper: returns only on error (with the exit code, after printing
// why to stderr); otherwise the process becomes the compiler.
int compiler_wrapper_main(Language lang, const std::vector<std::string>& args);

// The language a program name selects: "cxxtest-cc" -> C, "cxxtest-c++" ->
// Cxx (also for a full path); nullopt for any other name.
std::optional<Language> wrapper_language_for(const std::string& argv0);

}  // namespace cxxtest::driver
