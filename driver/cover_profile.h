// cover_profile.h: the -coverprofile file, an lcov tracefile.
//
// lcov because it stands alone: it names each source file and the count of
// each line, so it needs neither the test binary (whose coverage mapping
// the raw LLVM profile needs, and which the cache may rebuild or trim) nor
// the toolchain to be read; genhtml, Codecov, Coveralls, SonarQube and
// editors' coverage gutters read it; and profiles of several test binaries
// merge by adding counts, as Go's profiles of several packages do. It is
// what `llvm-cov export -format=lcov` writes, cut to the measured files:
//
//   SF:<absolute source path>
//   FN:<line>,<function>      FNDA:<count>,<function>   (per function)
//   FNF:<functions> FNH:<functions hit>
//   DA:<line>,<count>         (per line that holds code, as llvm-cov show counts it)
//   LF:<lines with code> LH:<lines hit>
//   end_of_record
//
// Other lcov records (BRDA branch counts) are read and dropped.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "common/expected.h"

namespace cxxtest::driver {

struct FileCoverage {
  std::map<int, uint64_t> lines;                              // line -> count
  std::map<std::string, std::pair<int, uint64_t>> functions;  // name -> (line, count)
};

// By source path, as the SF: records give it.
using CoverProfile = std::map<std::string, FileCoverage>;

// Adds the records of `text` to `into` (counts of a line or function seen
// twice are summed). Errors name `origin` and the line: "c.out:3: DA
// record outside SF ... end_of_record".
Expected<bool> merge_lcov(std::string_view text, const std::string& origin, CoverProfile& into);

// The tracefile of `profile`, files in path order.
std::string format_lcov(const CoverProfile& profile);

}  // namespace cxxtest::driver
