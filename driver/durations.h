// Go-style durations ("300ms", "1.5s", "2h45m") and counts ("1000x"), as
// taken by -timeout, -fuzztime and -fuzzminimizetime. The duration parser is
// the runtime's (runtime/duration.cpp, compiled into the driver too), so the
// driver and the test binary accept exactly the same values.
#pragma once

#include <string>
#include <string_view>

#include "runtime/duration.h"

namespace cxxtest::driver {

// Nanoseconds, or nullopt if `s` is not a valid Go duration. "0" is valid.
using cxxtest::runtime::parse_duration;

// Checks a -fuzztime / -fuzzminimizetime value; returns "" when valid, else
// Go's message ("invalid duration \"-1ms\"", "invalid count \"-1x\"").
// `allow_zero` is false for -fuzztime (0 would fuzz forever or not at all).
std::string check_fuzz_limit(std::string_view s, bool allow_zero);

}  // namespace cxxtest::driver
