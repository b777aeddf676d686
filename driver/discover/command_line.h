// The command line of cxxtest-discover:
//
//   cxxtest-discover FILE... -- COMPILER ARGS...
//
// FILEs are the test files to read; COMPILER is the compiler the driver will
// run (asked for its resource dir); ARGS are the compile flags it will pass.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cxxtest::discover {

struct CommandLine {
  std::vector<std::string> files;  // at least one, as given (printed back unchanged)
  std::string compiler;            // e.g. "clang++" or "/usr/bin/g++"
  std::vector<std::string> args;   // may be empty
};

// Parses argv[1..]. On a usage error returns nullopt and sets `error` to
// what is wrong (without the program name).
std::optional<CommandLine> parse_command_line(const std::vector<std::string>& argv, std::string& error);

// The usage line, for stderr.
const char* usage_text();

}  // namespace cxxtest::discover
