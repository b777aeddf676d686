// The Clang resource dir (builtin headers such as <stddef.h>) for parsing.
#pragma once

#include <string>

namespace cxxtest::discover {

// Runs `compiler -print-resource-dir` once and returns what it prints when
// that is a directory holding include/stddef.h of the same Clang major version
// as the one linked here (builtin headers of another version may not parse).
// Otherwise (g++, another Clang version, a compiler that cannot be run)
// returns the resource dir of the linked Clang. Never fails.
std::string resource_dir_for(const std::string& compiler);

}  // namespace cxxtest::discover
