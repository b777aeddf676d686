#include "driver/durations.h"

#include <cctype>
#include <cmath>

namespace cxxtest::driver {

namespace {

// Unit suffixes in the order Go's time.ParseDuration tries them.
struct Unit { std::string_view name; double ns; };
constexpr Unit kUnits[] = {{"ns", 1}, {"us", 1e3}, {"µs", 1e3}, {"ms", 1e6},
                           {"s", 1e9}, {"m", 60e9}, {"h", 3600e9}};

std::optional<double> parse_unit(std::string_view& s) {
  for (const auto& u : kUnits) {
    // Prefer the longest match: "ms" before "m".
    if (s.substr(0, u.name.size()) == u.name &&
        !(u.name == "m" && s.substr(0, 2) == "ms")) {
      s.remove_prefix(u.name.size());
      return u.ns;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<int64_t> parse_duration(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return 0;
  if (s.empty()) return std::nullopt;
  double total = 0;
  while (!s.empty()) {
    size_t i = 0;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
    if (i == 0) return std::nullopt;
    double number = std::stod(std::string(s.substr(0, i)));
    s.remove_prefix(i);
    auto unit = parse_unit(s);
    if (!unit) return std::nullopt;
    total += number * *unit;
  }
  if (total > 9.2e18) return std::nullopt;
  return static_cast<int64_t>(std::llround(negative ? -total : total));
}

std::string check_fuzz_limit(std::string_view s, bool allow_zero) {
  std::string quoted = "\"" + std::string(s) + "\"";
  if (!s.empty() && s.back() == 'x') {
    std::string_view digits = s.substr(0, s.size() - 1);
    bool ok = !digits.empty();
    for (char c : digits) ok &= std::isdigit(static_cast<unsigned char>(c)) != 0;
    if (!ok || (!allow_zero && std::stoll(std::string(digits)) == 0))
      return "invalid count " + quoted;
    return "";
  }
  auto d = parse_duration(s);
  if (!d || *d < 0 || (!allow_zero && *d == 0)) return "invalid duration " + quoted;
  return "";
}

}  // namespace cxxtest::driver
