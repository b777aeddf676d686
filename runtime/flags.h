// flags.h: the -test.* flags of a test binary (table: flags.def).
//
// Parsing follows Go's flag package: `-test.x=v`, `-test.x v`, one or two
// leading dashes, bools only as `-test.x` or `-test.x=BOOL`; parsing stops at
// the first argument that is not a flag (or after `--`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "duration.h"

namespace cxxtest::runtime {

// -test.fuzztime / -test.fuzzminimizetime: a duration or an `Nx` count.
// Both zero means "no limit" (fuzztime's default).
struct DurationOrCount {
  Nanos duration = 0;
  int64_t count = 0;
  friend bool operator==(const DurationOrCount&, const DurationOrCount&) = default;
};
struct FlagFuzzTime : DurationOrCount {};      // zero rejected
struct FlagMinimizeTime : DurationOrCount {};  // zero allowed (disables minimizing)

using FlagBool = bool;
using FlagString = std::string;
using FlagCount = uint64_t;
using FlagInt = int64_t;
using FlagDuration = Nanos;

// The number of CPUs, the default of -test.parallel.
int64_t default_parallelism();

struct Flags {
#define CXXTEST_FLAG(TYPE, FIELD, NAME, DEFAULT, USAGE) Flag##TYPE FIELD = DEFAULT;
#include "flags.def"
#undef CXXTEST_FLAG
};

enum class ParseStatus { Ok, Help, Error };

struct ParseResult {
  ParseStatus status = ParseStatus::Ok;
  std::string error;              // Go's text, e.g. "flag provided but not defined: -test.foo"
  std::vector<std::string> rest;  // arguments after the flags
};

// Parses args (without argv[0]) into flags. On Error, `flags` may be partly set.
ParseResult parse_flags(const std::vector<std::string>& args, Flags& flags);

// Go's flag.PrintDefaults text for every flag (ends with a newline).
std::string flags_usage();

}  // namespace cxxtest::runtime
