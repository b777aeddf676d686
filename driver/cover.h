// cover.h: -cover, -coverpkg and -coverprofile, the driver's side.
//
// A -cover build (variant plain-cover, instrument/variant.h) compiles all
// module code with LLVM source-based coverage. Each test binary runs with
// LLVM_PROFILE_FILE=<a fresh temp dir>/%p.profraw; when it exits,
// `llvm-profdata merge` and `llvm-cov export -summary-only` give the code
// regions of every file the binary holds, and those of the measured files
// make the package's line, as Go's:
//
//   coverage: 73.2% of statements               (each package measures itself)
//   coverage: 41.0% of statements in ./...      (-coverpkg=./...)
//   coverage: [no statements]                   (nothing measured is linked)
//
// A statement is an LLVM code region: a stretch of code that runs as a
// whole, with one execution count (a statement, a condition, each arm of ?:
// and &&/||), the closest LLVM unit to Go's statements; lines would count a
// line of `if (a && b) f();` covered once any of it ran.
//
// Measured files: those directly in a measured package's directory (its
// sources and its headers, so inline functions count) that are not test
// files. The runtime, the standard library, other packages, deps, test
// files and the generated main never count. With -coverpkg the measured
// packages are those the comma-separated patterns match, in every binary;
// a pattern that is a [deps] table's name measures that library's sources
// (those under its source dir, but not the module's when the module sits
// inside the library's checkout), which a -cover build
// compiled with coverage too (through the compiler wrappers, whose
// -ffile-prefix-map names a copied source's files by their source paths).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/expected.h"
#include "driver/cover_tools.h"
#include "driver/module.h"
#include "driver/plan.h"

namespace cxxtest::driver {

struct CoverSettings {
  std::string coverpkg;           // -coverpkg as given; "" measures each package itself
  std::filesystem::path profile;  // -coverprofile, absolute; empty: none
  bool print_commands = false;    // -x
};

class Coverage {
 public:
  // Matches -coverpkg's patterns against `all`. A pattern that matches no
  // package is not an error: warn_unlinked reports it, as go test does.
  Coverage(CoverSettings settings, const std::map<std::string, Package>& all, const Config& config,
           const std::filesystem::path& cwd);

  // Finds llvm-profdata and llvm-cov for every compiler the plan links
  // with (cover_tools.h) and sizes the profile slots, one per package.
  Expected<bool> prepare(const Plan& plan);

  // "warning: no packages being tested depend on matches for pattern P"
  // on stderr for each -coverpkg pattern of which no test binary links a
  // source, as go test prints it.
  void warn_unlinked(const Plan& plan) const;

  // What a cached result depends on beyond the binary: the measured set.
  std::string cache_key_arg() const { return "cxxtest.coverpkg=" + settings_.coverpkg; }

  // A fresh directory for one run's raw profiles, and the environment entry
  // that sends them there. Empty path when it cannot be made (the run then
  // has no coverage line; the reason went to stderr).
  std::filesystem::path make_profile_dir() const;
  static std::string profile_env(const std::filesystem::path& dir);

  // After package `index`'s binary exited: its coverage line with the
  // newline ("coverage: 66.7% of statements\n"), or "" when it left no
  // profile (it crashed). Keeps the measured files' lcov for the
  // -coverprofile and removes `dir`. Safe to call for different indexes
  // from different threads.
  std::string measure(const PackagePlan& p, size_t index, const std::filesystem::path& dir);

  // Writes -coverprofile (when set): every package's measured files, merged.
  Expected<bool> write_profile() const;

 private:
  bool measured(const PackagePlan& p, const std::filesystem::path& file) const;
  std::string merge_raw(const CoverTools& tools, const std::filesystem::path& dir) const;
  std::string line_for(uint64_t covered, uint64_t total) const;

  CoverSettings settings_;
  std::vector<std::string> patterns_;                             // -coverpkg split at commas
  std::vector<std::vector<std::filesystem::path>> pattern_dirs_;  // per pattern, its packages' dirs
  struct MeasuredDep {
    std::string name;
    std::filesystem::path source;  // the spec's source dir
  };
  std::vector<MeasuredDep> deps_;      // patterns that name a [deps] table
  std::filesystem::path module_root_;  // of a dep around the module, the module's files are not the dep's
  std::map<std::string, CoverTools> tools_;  // by compiler
  std::vector<std::string> lcov_;            // per package index
};

}  // namespace cxxtest::driver
