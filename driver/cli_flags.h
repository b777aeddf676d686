// The flags of `cxxtest [build flags] [packages] [test flags]`. The table is
// runtime/flags/flags.def, shared with the test binary: its build rows steer the
// driver, its Forward rows are also passed to each test binary as
// -test.NAME=VALUE, in the order given, and say whether a run may be served
// from the test cache.
#pragma once

#include <string>
#include <vector>

#include "common/expected.h"
#include "runtime/flags/flags.h"

namespace cxxtest::driver {

using cxxtest::runtime::BuildFlags;
using cxxtest::runtime::FlagInfo;
using TestFlags = cxxtest::runtime::Flags;

struct Options {
  BuildFlags build;                    // -C, -c, -o, -x, -p, sanitizers, -json
  TestFlags test;                      // what the test binary gets (defaults where not given)
  std::vector<const FlagInfo*> given;  // flags given, first mention order
  std::vector<std::string> packages;
  std::vector<std::string> binary_args;  // after -args, passed verbatim

  bool fuzzing() const { return !test.fuzz.empty(); }
  // The -test.* arguments for the test binary (Path values made absolute
  // against the current directory), then the -args arguments.
  std::vector<std::string> test_binary_args() const;
  // True when no flag given rules out the test-result cache.
  bool cacheable() const;
};

// Parses the arguments after `cxxtest` (and after the subcommand, if any).
// Errors: "flag provided but not defined: -x", "invalid value \"a\" for flag -count: ...",
// "-fuzzimport requires -fuzz".
Expected<Options> parse_options(const std::vector<std::string>& args);

// The flag section of `cxxtest help testflag`.
std::string flags_help();

}  // namespace cxxtest::driver
