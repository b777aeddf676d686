#include "command_line.h"

#include <algorithm>

namespace cxxtest::discover {

std::optional<CommandLine> parse_command_line(const std::vector<std::string>& argv, std::string& error) {
  auto separator = std::find(argv.begin(), argv.end(), "--");
  if (separator == argv.end()) {
    error = "missing '--' between the files and the compiler";
    return std::nullopt;
  }
  CommandLine cmd;
  cmd.files.assign(argv.begin(), separator);
  if (cmd.files.empty()) {
    error = "no files given";
    return std::nullopt;
  }
  for (const std::string& file : cmd.files) {
    if (file.starts_with("-")) {
      error = "unknown flag " + file + " (flags for the compiler go after '--')";
      return std::nullopt;
    }
  }
  if (separator + 1 == argv.end() || separator[1].empty()) {
    error = "no compiler given after '--'";
    return std::nullopt;
  }
  cmd.compiler = separator[1];
  cmd.args.assign(separator + 2, argv.end());
  return cmd;
}

const char* usage_text() { return "usage: cxxtest-discover FILE... -- COMPILER [ARGS...]"; }

}  // namespace cxxtest::discover
