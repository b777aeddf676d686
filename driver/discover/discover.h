// Discovery of all files in one ClangTool run.
#pragma once

#include <string>
#include <vector>

#include "rules.h"

namespace cxxtest::discover {

struct FileFindings {
  std::string file;               // as given
  bool parsed = false;            // false: the compiler driver rejected the flags
  std::vector<Finding> findings;  // in declaration order
};

struct DiscoverResult {
  std::vector<FileFindings> files;  // one per input, in input order
  std::string driver_error;         // the first flag error, when some file was not parsed
};

// Parses each of `files` (paths relative to the working directory) with the
// compile flags `args` (which must already carry -resource-dir) in one
// ClangTool run, with all compiler diagnostics suppressed: the real compile
// reports them later, and whatever parsed is still reported. Never throws;
// the files must exist (the caller checks).
DiscoverResult discover_files(const std::vector<std::string>& files, const std::vector<std::string>& args);

}  // namespace cxxtest::discover
