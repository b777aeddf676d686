// Where cxxtest's own files are: everything is found relative to the running
// executable, so the build tree and an install prefix work the same way.
#pragma once

#include <filesystem>

namespace cxxtest::driver {

struct InstallPaths {
  std::filesystem::path prefix;         // <exe>/..
  std::filesystem::path include_dir;    // prefix/include (holds cxxtest/cxxtest.h)
  std::filesystem::path runtime_lib;    // prefix/lib/cxxtest/libcxxtest_runtime.a
  std::filesystem::path discover_tool;  // prefix/libexec/cxxtest/cxxtest-discover
  std::filesystem::path share_dir;      // prefix/share/cxxtest
  std::filesystem::path laf_plugin;     // prefix/lib/cxxtest/cxxtest-laf.so ([fuzz] laf)
};

// Resolves the paths from /proc/self/exe. Never fails; missing files are
// reported by whoever needs them.
const InstallPaths& install_paths();

}  // namespace cxxtest::driver
