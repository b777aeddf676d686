// driver/laf_compilers.h: whether the compilers a [fuzz] laf = true build
// runs can load the laf pass plugin.
//
// cxxtest-laf.so is an LLVM pass plugin built against one LLVM (the one
// cxxtest was built with); a clang of another major version cannot load it
// and dies with a dynamic linker error on each compile. The plan checks each
// compiler's version (`-dumpversion`) first, so the user gets one message
// that names the mismatch and where laf was turned on.
#pragma once

#include <string>
#include <vector>

#include "common/expected.h"
#include "driver/config.h"

namespace cxxtest::driver {

// The major version in `clang -dumpversion` output ("16.0.6\n" -> 16), or -1.
int dumpversion_major(const std::string& output);

// An error when one of `compilers` is not of the plugin's LLVM major
// version (`config` gives where laf was set). Each distinct compiler is
// asked once per process.
Expected<bool> check_laf_compilers(const Config& config, const std::vector<std::string>& compilers);

}  // namespace cxxtest::driver
