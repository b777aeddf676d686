// Go-style durations ("300ms", "1.5s", "2h45m") and counts ("1000x"), as
// taken by -timeout, -fuzztime and -fuzzminimizetime.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cxxtest::driver {

// Nanoseconds, or nullopt if `s` is not a valid Go duration. "0" is valid.
std::optional<int64_t> parse_duration(std::string_view s);

// Checks a -fuzztime / -fuzzminimizetime value; returns "" when valid, else
// Go's message ("invalid duration \"-1ms\"", "invalid count \"-1x\"").
// `allow_zero` is false for -fuzztime (0 would fuzz forever or not at all).
std::string check_fuzz_limit(std::string_view s, bool allow_zero);

}  // namespace cxxtest::driver
