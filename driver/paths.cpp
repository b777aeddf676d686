#include "driver/paths.h"

#include <system_error>

namespace cxxtest::driver {

namespace fs = std::filesystem;

const InstallPaths& install_paths() {
  static const InstallPaths paths = [] {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    InstallPaths p;
    p.prefix = exe.parent_path().parent_path();
    p.include_dir = p.prefix / "include";
    p.runtime_lib = p.prefix / "lib" / "cxxtest" / "libcxxtest_runtime.a";
    p.discover_tool = p.prefix / "libexec" / "cxxtest" / "cxxtest-discover";
    p.share_dir = p.prefix / "share" / "cxxtest";
    p.laf_plugin = p.prefix / "lib" / "cxxtest" / "cxxtest-laf.so";
    return p;
  }();
  return paths;
}

}  // namespace cxxtest::driver
