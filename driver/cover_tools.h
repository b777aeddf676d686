// cover_tools.h: the llvm-profdata and llvm-cov that read what a -cover
// build writes. A raw profile's format belongs to the compiler-rt of the
// clang that linked the binary, so the tools must come from that LLVM, found
// the way that clang is found.
#pragma once

#include <string>

#include "common/expected.h"

namespace cxxtest::driver {

struct CoverTools {
  std::string profdata;  // path of llvm-profdata
  std::string cov;       // path of llvm-cov
};

// The tools of `compiler` (a name searched in PATH, or a path), looked up in
// order: beside the compiler's real file (/usr/bin/clang++ ->
// /usr/lib/llvm-14/bin/, where llvm-profdata lives too); NAME-<major> in
// PATH, the major being `compiler -dumpversion`'s (Debian's llvm-cov-14);
// NAME in PATH. Memoized per compiler. The error says what was tried.
Expected<CoverTools> find_cover_tools(const std::string& compiler);

}  // namespace cxxtest::driver
