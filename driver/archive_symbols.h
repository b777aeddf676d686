// The symbol table of a static library (ar archive, GNU or BSD-less SysV
// format as GNU ar and llvm-ar write it, also thin archives): which global
// symbols its members define, read without running nm.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cxxtest::driver {

// The names in the archive's symbol table ("/" or "/SYM64/" member), or
// nullopt when the file is not an archive or has no symbol table.
std::optional<std::vector<std::string>> archive_symbols(const std::filesystem::path& archive);

// True when the archive's symbol table lists `symbol`.
bool archive_defines(const std::filesystem::path& archive, const std::string& symbol);

}  // namespace cxxtest::driver
