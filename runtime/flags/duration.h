// flags/duration.h: Go's time.Duration text forms, for -test.timeout and friends.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cxxtest::runtime {

// Nanoseconds, like Go's time.Duration.
using Nanos = int64_t;
inline constexpr Nanos kSecond = 1'000'000'000;

// Go's time.ParseDuration: "300ms", "-1.5h", "2h45m", "0"; units ns, us, µs,
// ms, s, m, h. Returns nullopt for malformed input or overflow.
std::optional<Nanos> parse_duration(std::string_view s);

// Go's Duration.String: "1h2m0s", "1.5s", "300ms", "0s".
std::string format_duration(Nanos d);

// Go's Duration.Round(time.Second) (halves away from zero).
Nanos round_to_second(Nanos d);

// The "(0.00s)" figure of --- PASS/FAIL lines: seconds with two decimals.
std::string format_seconds(Nanos d);

}  // namespace cxxtest::runtime
