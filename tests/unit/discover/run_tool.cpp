#include "run_tool.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace cxxtest::discover::testing {
namespace {

std::string quoted(const std::string& arg) { return "'" + arg + "'"; }

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

ToolRun run_tool(const std::vector<std::string>& argv, const std::string& cwd) {
  auto err_path =
      std::filesystem::temp_directory_path() / ("discover_test_stderr." + std::to_string(getpid()));
  std::string command = "cd " + quoted(cwd) + " && " + quoted(DISCOVER_TOOL);
  for (const std::string& arg : argv) command += " " + quoted(arg);
  command += " 2>" + quoted(err_path.string());

  ToolRun run;
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  int status = pclose(pipe);
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  run.lines = split_lines(out);
  run.err = read_file(err_path);
  std::filesystem::remove(err_path);
  return run;
}

ToolRun discover(const std::vector<std::string>& files, const std::string& include_dir,
                 const std::string& compiler) {
  std::vector<std::string> argv = files;
  argv.insert(argv.end(), {"--", compiler, "-std=c++20", "-I" + include_dir});
  return run_tool(argv);
}

}  // namespace cxxtest::discover::testing
