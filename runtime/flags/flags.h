// flags/flags.h: the -test.* flags of a test binary (table: flags.def).
//
// Parsing follows Go's flag package: `-test.x=v`, `-test.x v`, one or two
// leading dashes, bools only as `-test.x` or `-test.x=BOOL`; parsing stops at
// the first argument that is not a flag, after `--`, or at the first flag
// not named test.*: that one and the rest are the test's own arguments
// (cxxtest::Args(), what `cxxtest ... -args` passes). C++ has no flag
// registry to tell a test's own flag from a typo; -test.* typos are errors.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Siblings by their bare names: the driver compiles this room too
// (driver/CMakeLists.txt), without the runtime/ include path.
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
struct FlagBenchTime : DurationOrCount {};     // -test.benchtime: zero rejected

// The C++ type of each TYPE column value of flags.def. Types that share a
// C++ type differ in how cxxtest checks and forwards them (cli_flags.cpp).
using FlagBool = bool;
using FlagString = std::string;
using FlagPath = std::string;     // made absolute when cxxtest forwards it
using FlagPattern = std::string;  // Go regexps per subtest level (matcher.h)
using FlagRegexp = std::string;   // one Go regexp (-test.list)
using FlagShuffle = std::string;  // "off", "on" or an int64 seed
using FlagCpuList = std::string;  // "" or comma-separated positive ints ("1,2,4")
using FlagCount = uint64_t;
using FlagPositive = int64_t;  // fits an int; cxxtest also requires > 0
using FlagSize = int64_t;      // >= 0
using FlagDuration = Nanos;

// The number of CPUs, the default of -test.parallel and -p.
int64_t default_parallelism();

// -test.cpu's counts, in order; {default_parallelism()} when `list` names none.
std::vector<int> cpu_list(const std::string& list);

// The test binary's flags (the CXXTEST_TEST_FLAG rows of flags.def).
struct Flags {
#define CXXTEST_TEST_FLAG(TYPE, FIELD, NAME, DEFAULT, ROUTE, CACHE, USAGE) Flag##TYPE FIELD = DEFAULT;
#include "flags.def"
};

// cxxtest's own flags (the CXXTEST_BUILD_FLAG rows), kept here beside the
// rest so that the table has one home.
struct BuildFlags {
#define CXXTEST_BUILD_FLAG(TYPE, FIELD, NAME, DEFAULT, CACHE, USAGE) Flag##TYPE FIELD = DEFAULT;
#include "flags.def"
};

enum class FlagRoute { Build, Forward, Internal };  // see flags.def
enum class FlagCache { Cached, Uncached };

// One row of flags.def, typed access through function pointers. `Target`
// is Flags or BuildFlags, per `route`.
struct FlagInfo {
  const char* name;       // without "test."
  const char* type;       // the TYPE column: "Bool", "Path", ...
  const char* type_name;  // the value's name in help without a `word` ("duration")
  const char* usage;      // with the `value name` quotes
  FlagRoute route;
  FlagCache cache;
  bool is_bool;
  // Parses `v` into the field; returns "" or the reason, Go's way
  // ("parse error", "invalid duration", "value out of range").
  std::string (*set)(void* target, std::string_view v);
  // The field's value as text that `set` parses back to the same value.
  std::string (*format)(const void* target);
  // The default as Go's PrintDefaults shows it ("" for the zero value).
  std::string (*default_text)();
};

// Every row of flags.def, build flags first, in table order.
const std::vector<FlagInfo>& flag_infos();

enum class ParseStatus { Ok, Help, Error };

struct ParseResult {
  ParseStatus status = ParseStatus::Ok;
  std::string error;              // Go's text, e.g. "flag provided but not defined: -test.foo"
  std::vector<std::string> rest;  // arguments after the flags
};

// Parses args (without argv[0]) into flags. On Error, `flags` may be partly set.
ParseResult parse_flags(const std::vector<std::string>& args, Flags& flags);

// Go's flag.PrintDefaults text for every test flag (ends with a newline).
std::string flags_usage();

// A row's usage split as Go's flag.UnquoteUsage does: the `backquoted` word
// (else the type's name) and the text without the quotes.
struct UsageText {
  std::string value_name;
  std::string text;
};
UsageText usage_text(const FlagInfo& f);

}  // namespace cxxtest::runtime
