#include "driver/durations.h"

#include <cctype>
#include <charconv>

namespace cxxtest::driver {

std::string check_fuzz_limit(std::string_view s, bool allow_zero) {
  std::string quoted = "\"" + std::string(s) + "\"";
  if (!s.empty() && s.back() == 'x') {
    std::string_view digits = s.substr(0, s.size() - 1);
    bool ok = !digits.empty();
    for (char c : digits) ok &= std::isdigit(static_cast<unsigned char>(c)) != 0;
    long long n = 0;
    if (ok && std::from_chars(digits.data(), digits.data() + digits.size(), n).ec == std::errc::result_out_of_range)
      return "invalid count " + quoted + ": value out of range";
    if (!ok || (!allow_zero && n == 0)) return "invalid count " + quoted;
    return "";
  }
  auto d = parse_duration(s);
  if (!d || *d < 0 || (!allow_zero && *d == 0)) return "invalid duration " + quoted;
  return "";
}

}  // namespace cxxtest::driver
