// The flags of `cxxtest [build flags] [packages] [test flags]`, as one table
// (cli_flags.cpp, kFlags). Build flags steer the driver; test flags are also
// forwarded to each test binary as -test.NAME=VALUE, in the order given.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "driver/expected.h"

namespace cxxtest::driver {

// Path: a file or directory named relative to where cxxtest runs (after
// -C); forwarded as an absolute path, since test binaries run in their
// package's directory.
enum class FlagKind { Bool, Int, PositiveInt, String, Path, Regexp, Duration, FuzzTime, FuzzMinimizeTime, Size };

struct FlagDef {
  const char* name;
  FlagKind kind;
  bool test_flag;   // forwarded to the test binary as -test.NAME
  bool cacheable;   // a run with this flag may be served from the test cache
  const char* help;
};

const std::vector<FlagDef>& flag_table();

struct Options {
  std::map<std::string, std::string> values;  // flag name -> value ("true" for bools)
  std::vector<std::string> order;             // flag names in the order given
  std::vector<std::string> packages;
  std::vector<std::string> binary_args;       // after -args, passed verbatim

  bool has(const std::string& name) const { return values.count(name) != 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  bool flag(const std::string& name) const { return get(name) == "true"; }
  int int_value(const std::string& name, int fallback) const;
  // The -test.* arguments for the test binary (Path values made absolute
  // against the current directory).
  std::vector<std::string> test_binary_args() const;
  // True when no flag given rules out the test-result cache.
  bool cacheable() const;
};

// Parses the arguments after `cxxtest` (and after the subcommand, if any).
// Errors: "flag provided but not defined: -x", "invalid value \"a\" for flag -count: ...",
// "-fuzzimport requires -fuzz".
Expected<Options> parse_options(const std::vector<std::string>& args);

// The flag section of `cxxtest help`.
std::string flags_help();

}  // namespace cxxtest::driver
