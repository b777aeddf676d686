// corpus_dir.h: where fuzz inputs live, and the generated fuzz corpus in
// the cache directory.
//
//   <root>/fuzz/<import path>/<FuzzXxx>/<16 hex>      generated inputs
//   <root>/fuzz/<import path>/<FuzzXxx>.dict          automatic dictionary
//   <package dir>/testdata/fuzz/<FuzzXxx>/<file>      seed corpus (and crashers)
//   <package dir>/testdata/fuzz/<FuzzXxx>.dict        the target's dictionary
//
// Each file is one `cxxtest fuzz v1` file (runtime/corpus/corpus_v1.h) named by the
// first 16 hex characters of the SHA-256 of its bytes, as Go names crash
// files. Files are written atomically, so readers in other processes (a
// fuzzing run loading the corpus while another writes it) never see a
// partial file; they may see the temp files, which list_corpus_entries skips.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"

namespace cxxtest::cachedir {

// The one place that knows where fuzz inputs live, for the driver and the
// test binaries alike.

// <root>/fuzz/<import_path>: the generated corpora of one package, what the
// driver passes as -test.fuzzcachedir. import_path is the package's
// slash-separated import path ("example.com/calc/parser"), without "..".
std::filesystem::path package_corpus_root(const std::filesystem::path& root, std::string_view import_path);

// Whether `dir` lies in <root>/fuzz, the area `cxxtest clean -fuzzcache`
// empties (a -fuzzcachedir elsewhere does not). Compares the paths as
// written, made lexically normal: both come from the same driver.
bool in_fuzz_area(const std::filesystem::path& root, const std::filesystem::path& dir);

// <package_corpus_root>/<target>: one fuzz target's generated corpus.
std::filesystem::path target_corpus_dir(const std::filesystem::path& package_corpus_root,
                                        std::string_view target);

// <corpus_dir>.dict: the automatic dictionary kept beside a target's corpus.
std::filesystem::path auto_dict_path(const std::filesystem::path& corpus_dir);

// <package_dir>/testdata/fuzz/<target>: the seed corpus kept with the
// sources (Go's layout). package_dir "" gives the path relative to the
// package directory, the working directory of a test binary.
std::filesystem::path testdata_corpus_dir(const std::filesystem::path& package_dir, std::string_view target);

// <package_dir>/testdata/fuzz/<target>.dict: the target's own dictionary.
std::filesystem::path testdata_dict_path(const std::filesystem::path& package_dir, std::string_view target);

// The file name of corpus data: the first 16 lowercase hex of sha256(data).
std::string corpus_entry_name(std::string_view data);

// Stores data in dir under corpus_entry_name(data), creating dir if needed.
// When the file exists with the same bytes nothing is written (dedup); if it
// exists with other bytes (a 64-bit prefix collision) it is replaced.
// Returns the name.
Expected<std::string> write_corpus_entry(const std::filesystem::path& dir, std::string_view data);

// The regular files of dir, sorted by name, skipping dot files, temp files
// and subdirectories. A missing dir gives an empty list.
Expected<std::vector<std::filesystem::path>> list_corpus_entries(const std::filesystem::path& dir);

}  // namespace cxxtest::cachedir
