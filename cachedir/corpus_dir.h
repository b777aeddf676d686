// corpus_dir.h: the generated fuzz corpus in the cache directory.
//
//   <root>/fuzz/<module>/<package>/<FuzzXxx>/<16 hex>
//
// Each file is one `cxxtest fuzz v1` file (runtime/corpus_v1.h) named by the
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

namespace cxxtest::cachedir {

// <root>/fuzz/<module>/<package_rel>/<target>. module and package_rel are
// slash-separated relative names without ".." (module may hold slashes, as
// "example.com/calc" does); package_rel "" or "." is the module's root
// package and adds no component.
std::filesystem::path fuzz_corpus_dir(const std::filesystem::path& root, std::string_view module,
                                      std::string_view package_rel, std::string_view target);

// The file name of corpus data: the first 16 lowercase hex of sha256(data).
std::string corpus_entry_name(std::string_view data);

// Stores data in dir under corpus_entry_name(data), creating dir if needed.
// When the file exists with the same bytes nothing is written (dedup); if it
// exists with other bytes (a 64-bit prefix collision) it is replaced.
// On success returns true and sets *name_out (when not null) to the name;
// on failure returns false with *err set (when not null).
bool write_corpus_entry(const std::filesystem::path& dir, std::string_view data, std::string* name_out,
                        std::string* err);

// The regular files of dir, sorted by name, skipping dot files, temp files
// and subdirectories. A missing dir gives an empty list. On failure returns
// nullopt with *err set (when not null).
std::optional<std::vector<std::filesystem::path>> list_corpus_entries(const std::filesystem::path& dir,
                                                                      std::string* err);

}  // namespace cxxtest::cachedir
