// corpus/corpus_import.h: -test.fuzzimport (and `cxxtest corpus decode|import`),
// turning raw inputs (libFuzzer, AFL++ or OSS-Fuzz corpora: one input per
// file, no format, read with raw_input.h's mapping) into `cxxtest fuzz v1`
// files (corpus_v1.h) in testdata/fuzz/<target>/, where plain runs pick them
// up as seeds <target>/<name>.
//
// The import runs in the test binary, which alone knows the target's
// argument kinds: run_import runs the F body of the one target matching
// -test.fuzz with an import runner in place of the fuzzing engine, and runs
// no tests and fuzzes nothing.
#pragma once

#include <cxxtest/entry.h>
#include <cxxtest/value.h>

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::runtime {

// "" when raw files can be imported for a fuzz function taking `kinds`
// (any that takes an argument), else the reason, naming `target`.
std::string import_kinds_problem(std::string_view target, std::span<const Kind> kinds);

// The corpus file for one raw input `data` of a target taking `kinds` (which
// import_kinds_problem accepts): `data` itself when it already is a v1 file
// whose values fit `kinds`, else a v1 file holding the values `data` decodes
// to under the raw mapping (raw_input.h: for one bytes-like argument, the
// bytes of `data` themselves). With `needs` ("-asan"), a written file says
// `// needs: -asan` (corpus_v1.h): a raw crash file found by a sanitizer
// build fails only in that build. A v1 file that has its own line keeps it.
std::string import_entry_text(std::string_view data, std::span<const Kind> kinds,
                              std::string_view needs = {});

struct ImportStats {
  size_t imported = 0;             // files written
  size_t present = 0;              // inputs dest already held (or an earlier file of this import)
  std::vector<std::string> notes;  // "skipped PATH: why", in path order
  size_t unmarked = 0;             // of `imported`: written without `needs` (a directory's seeds)
  size_t marked = 0;               // entries present without `needs` now written with it
  // Per file imported, in order: the file of dest that holds its input
  // (written now, or the one that held it already).
  std::vector<std::filesystem::path> held_in;
  // Files met whose names are an engine's for failing inputs
  // (crash_file_name), and whether one was a leak- file.
  size_t crash_named = 0;
  bool leak_named = false;
};

// Imports `source` (a file, or a directory walked recursively in path order)
// into `dest` for a target taking `kinds` (accepted by import_kinds_problem).
//
// In a directory, entries whose name starts with '.' are skipped (hidden
// directories are not entered) and so are FIFOs, sockets, devices, dangling
// symlinks and symlinks to directories, each with a note; symlinks to files
// are followed. Each file's entry (import_entry_text) counts as present when
// dest holds a file with the same values (compared by their canonical
// encoding, so a copy with other spacing is the same entry); otherwise it is
// written atomically as dest/<first 16 hex of sha256(entry)>, the name the
// engine gives crash and cache files, creating dest if needed. A present
// entry without a `// needs:` line, met again with `needs`, is replaced by
// the marked one (stats.marked): a reproducer a directory import took for
// a seed is marked by importing it alone.
//
// Returns false with `err` set ("<operation> <path>: <strerror>", or
// "<path>: not a regular file or directory") on the first I/O error or a bad
// source; entries written before stay, each complete.
//
// `needs` marks every file written, or with `needs_crash_files_only` a
// `source` that is one file and, in a directory, the files whose name is an
// engine's for a failing input (crash_file_name).
bool import_corpus(const std::filesystem::path& source, const std::filesystem::path& dest,
                   std::span<const Kind> kinds, ImportStats& stats, std::string& err,
                   std::string_view needs = {}, bool needs_crash_files_only = false);

// Whether a file name is one engines give failing inputs: libFuzzer's
// crash-, leak-, timeout-, oom- and slow-unit- artifacts, OSS-Fuzz's
// clusterfuzz-testcase-*, AFL++'s crashes/hangs entries (id:NNNNNN,sig:..),
// and uaf- (fuzzer-test-suite's use-after-free reproducers).
bool crash_file_name(std::string_view name);

// For crash files (stats.crash_named, from importing `source`, a file or a
// directory) brought in without a sanitizer's flags (`needs` empty): that
// they may pass the plain build and that `cmd` ("cxxtest corpus decode")
// marks them under -asan; else "". A leak- file always passes there: a
// plain build checks no leaks.
std::string unsanitized_crash_note(const std::filesystem::path& source, const ImportStats& stats,
                                   std::string_view needs, std::string_view cmd);

// run_main's -test.fuzzimport mode: checks that -test.fuzz matches exactly
// one target and the source exists, runs that target's F body to learn its
// kinds, imports into testdata/fuzz/<target>/ (relative to the working
// directory, the package's), prints the notes and "imported N files (M
// already present) into testdata/fuzz/<target>" then PASS. Returns 0; 2 for
// a usage problem (message on stderr, nothing written); 1 when the F body
// failed before calling F.Fuzz.
int run_import(std::span<const internal::FuzzEntry> targets);

}  // namespace cxxtest::runtime
