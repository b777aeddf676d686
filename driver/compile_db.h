// compile_commands.json ([build] compile_commands): the flags a project's
// own build (CMake's CMAKE_EXPORT_COMPILE_COMMANDS, Bear for Make) gives each
// source, so cxxtest.toml need not repeat include dirs and defines.
//
// Only what shapes the meaning of the code is taken: -I/-isystem/-iquote/
// -idirafter/-include/-imacros (made absolute against the entry's
// directory), -D/-U, -std= (for the entry's own source only), -m*, -pthread
// and -f language flags. Optimization, debug info, warnings, dependency
// output, sanitizers, coverage and LTO are cxxtest's to choose.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/expected.h"

namespace cxxtest::driver {

class CompileDb {
 public:
  // Reads and parses `file`. Errors name the file and what is wrong.
  static Expected<CompileDb> load(const std::filesystem::path& file);
  // Parses `json_text` as the contents of `file`.
  static Expected<CompileDb> parse(const std::string& json_text, const std::filesystem::path& file);

  // The flags for `source` (absolute): its own entry's, else those of the
  // entry whose file is nearest in the directory tree (the longest common
  // directory prefix). Never -std=. Empty when the database has no entries.
  std::vector<std::string> flags_for(const std::filesystem::path& source) const;
  // The -std= of `source`'s own entry, or "" (a neighbour's never counts).
  std::string std_of(const std::filesystem::path& source) const;

  bool has_entry(const std::filesystem::path& source) const { return by_file_.count(source.string()) != 0; }
  // Every include directory (-I, -iquote, -isystem, -idirafter) any entry names.
  std::vector<std::filesystem::path> include_dirs() const;
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::string file;                // absolute, normalized
    std::vector<std::string> flags;  // kept flags, without -std=
    std::string std_flag;            // "-std=..." or ""
  };
  std::vector<Entry> entries_;
  std::unordered_map<std::string, size_t> by_file_;
};

// The kept flags of one compile command (argv[0] first), paths made
// absolute against `directory`; `std_flag` receives its -std=, if any.
std::vector<std::string> kept_compile_flags(const std::vector<std::string>& argv,
                                            const std::filesystem::path& directory, std::string* std_flag);

// Splits a "command" string as /bin/sh would split plain words and quotes.
std::vector<std::string> split_command(std::string_view command);

}  // namespace cxxtest::driver
