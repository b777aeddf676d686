// The test-result cache: a passing run of a test binary is remembered, and
// reported "(cached)" while nothing it depends on changed: the binary, the
// test flags, the package, the environment variables it read (recorded by
// the runtime through -test.testlogfile), and the files under testdata/.
//
// Entry format (area "test", key = sha256 of the binary's content hash +
// flags + package):
//   cxxtest test result v1
//   time <unix ns when written>
//   testdata <sha256 over testdata/ paths, sizes, mtimes>
//   env <NAME> <sha256 of value, or "unset">      (zero or more)
//   output
//   <the binary's output, verbatim, to the end>
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cachedir/cache.h"

namespace cxxtest::driver {

class ResultCache {
 public:
  explicit ResultCache(cxxtest::cachedir::Cache& cache) : cache_(cache) {}

  // The key for running `binary` with `args` in package dir `pkg_dir`.
  std::string key(const std::filesystem::path& binary, const std::vector<std::string>& args,
                  const std::filesystem::path& pkg_dir) const;

  // The remembered output, if the entry exists, is newer than the last
  // `cxxtest clean -testcache`, and its env values and testdata still match.
  std::optional<std::string> lookup(const std::string& key, const std::filesystem::path& pkg_dir) const;

  // Remembers a passing run. `env_log` is the file the runtime wrote
  // ("getenv NAME" lines). Write failures are ignored: the cache only saves time.
  void store(const std::string& key, const std::filesystem::path& pkg_dir, const std::string& output,
             const std::filesystem::path& env_log);

 private:
  std::string binary_id(const std::filesystem::path& binary) const;
  int64_t expired_ns() const;
  cxxtest::cachedir::Cache& cache_;
  mutable std::optional<int64_t> expired_ns_;  // testexpire.txt's time, once read
};

// sha256 over the names, sizes and mtimes of every file under dir/testdata.
std::string testdata_fingerprint(const std::filesystem::path& pkg_dir);

}  // namespace cxxtest::driver
