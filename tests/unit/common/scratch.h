// scratch.h: a fresh directory under /tmp for one test case.
//
// Removed when the test case passed; kept, with its path printed on stderr,
// when any assertion of the test case failed, so the files can be inspected.
// A forked child must leave with _exit() so that it never removes anything.
#pragma once

#include <filesystem>
#include <string_view>

namespace cxxtest::testing {

class ScratchDir {
 public:
  ScratchDir();  // aborts the test (REQUIRE) if /tmp is unusable
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace cxxtest::testing
