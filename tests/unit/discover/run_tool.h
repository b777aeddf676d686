// Runs the built cxxtest-discover and captures what it printed.
#pragma once

#include <string>
#include <vector>

namespace cxxtest::discover::testing {

struct ToolRun {
  int exit_code = -1;              // -1: did not exit normally
  std::vector<std::string> lines;  // stdout, split at newlines
  std::string err;                 // stderr
};

// Runs `cxxtest-discover ARGV...` in `cwd` (default: the fixtures directory).
// Arguments are single-quoted for the shell; none may contain a quote.
ToolRun run_tool(const std::vector<std::string>& argv, const std::string& cwd = DISCOVER_FIXTURES);

// `cxxtest-discover FILES... -- clang++ -std=c++20 -I<include_dir>` in the
// fixtures directory; include_dir defaults to the stub header's directory.
ToolRun discover(const std::vector<std::string>& files,
                 const std::string& include_dir = DISCOVER_FIXTURES "/include",
                 const std::string& compiler = "clang++");

}  // namespace cxxtest::discover::testing
