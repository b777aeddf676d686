// cxxtest-discover FILE... -- COMPILER ARGS...
//
// Prints, for each FILE in order, one tab-separated line per TestXxx /
// FuzzXxx function definition in declaration order:
//   test|fuzz  FILE  LINE  COL  Name
//   error      FILE  LINE  COL  message   (a Test/Fuzz with the wrong shape)
// Exit 0 when it ran (even with error lines); 2 on a usage error, an
// unreadable file, or flags the compiler driver rejects (message on stderr).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <llvm/Support/MemoryBuffer.h>

#include "command_line.h"
#include "discover.h"
#include "resource_dir.h"

namespace cxxtest::discover {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;

int fail(const std::string& message) {
  std::cerr << "cxxtest-discover: " << message << "\n";
  return kExitUsage;
}

// "" when every file can be read, else the message for the first that cannot.
std::string first_unreadable(const std::vector<std::string>& files) {
  for (const std::string& file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) return "cannot read " + file + ": " + buffer.getError().message();
  }
  return "";
}

int run(const std::vector<std::string>& argv) {
  // 1. Command line and inputs.
  std::string error;
  auto cmd = parse_command_line(argv, error);
  if (!cmd) return fail(error + "\n" + usage_text());
  if (std::string unreadable = first_unreadable(cmd->files); !unreadable.empty()) return fail(unreadable);

  // 2. Parse every file in one run, with the compiler's builtin headers.
  std::vector<std::string> args = {"-resource-dir=" + resource_dir_for(cmd->compiler)};
  args.insert(args.end(), cmd->args.begin(), cmd->args.end());
  DiscoverResult result = discover_files(cmd->files, args);

  // 3. Report.
  for (const FileFindings& file : result.files) {
    if (!file.parsed)
      return fail("cannot parse " + file.file + " with the given flags: " + result.driver_error);
  }
  for (const FileFindings& file : result.files) {
    for (const Finding& finding : file.findings) std::cout << format_finding(file.file, finding) << "\n";
  }
  std::cout.flush();
  return kExitOk;
}

}  // namespace
}  // namespace cxxtest::discover

int main(int argc, char** argv) {
  return cxxtest::discover::run(std::vector<std::string>(argv + 1, argv + argc));
}
