// flags/duration.cpp: Go's time.ParseDuration and Duration.String, ported.
#include "duration.h"

#include <cstdio>

namespace cxxtest::runtime {
namespace {

constexpr uint64_t kMaxMagnitude = uint64_t{1} << 63;

// Unit in nanoseconds of a duration suffix; 0 if unknown.
uint64_t unit_nanos(std::string_view u) {
  if (u == "ns") return 1;
  if (u == "us" || u == "\u00b5s" || u == "\u03bcs") return 1000;
  if (u == "ms") return 1000'000;
  if (u == "s") return 1000'000'000;
  if (u == "m") return 60 * uint64_t{1000'000'000};
  if (u == "h") return 3600 * uint64_t{1000'000'000};
  return 0;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Consumes leading digits of s into v; false on overflow.
bool leading_int(std::string_view& s, uint64_t& v) {
  v = 0;
  while (!s.empty() && is_digit(s[0])) {
    if (v > (kMaxMagnitude - 1) / 10) return false;
    v = v * 10 + uint64_t(s[0] - '0');
    if (v > kMaxMagnitude) return false;
    s.remove_prefix(1);
  }
  return true;
}

// Consumes leading digits of s as a fraction f / scale (digits past what
// fits are dropped, as Go does).
void leading_fraction(std::string_view& s, uint64_t& f, double& scale) {
  f = 0;
  scale = 1;
  bool overflow = false;
  while (!s.empty() && is_digit(s[0])) {
    if (!overflow) {
      if (f > (kMaxMagnitude - 1) / 10) {
        overflow = true;
      } else {
        f = f * 10 + uint64_t(s[0] - '0');
        scale *= 10;
      }
    }
    s.remove_prefix(1);
  }
}

// One "<number><unit>" element; adds its nanoseconds to total.
bool parse_element(std::string_view& s, uint64_t& total) {
  if (!(s[0] == '.' || is_digit(s[0]))) return false;
  size_t before = s.size();
  uint64_t v = 0, f = 0;
  double scale = 1;
  if (!leading_int(s, v)) return false;
  bool pre = before != s.size(), post = false;
  if (!s.empty() && s[0] == '.') {
    s.remove_prefix(1);
    size_t n = s.size();
    leading_fraction(s, f, scale);
    post = n != s.size();
  }
  if (!pre && !post) return false;
  size_t i = 0;
  while (i < s.size() && s[i] != '.' && !is_digit(s[i])) ++i;
  uint64_t unit = unit_nanos(s.substr(0, i));
  if (i == 0 || unit == 0) return false;
  s.remove_prefix(i);
  if (v > kMaxMagnitude / unit) return false;
  v *= unit;
  if (f > 0) {
    v += uint64_t(double(f) * (double(unit) / scale));
    if (v > kMaxMagnitude) return false;
  }
  total += v;
  return total <= kMaxMagnitude;
}

// Go's fmtFrac: the fraction of v / 10^prec without trailing zeros.
std::string frac(uint64_t& v, int prec) {
  std::string out;
  bool print = false;
  for (int i = 0; i < prec; ++i) {
    char digit = char('0' + v % 10);
    print = print || digit != '0';
    if (print) out.insert(out.begin(), digit);
    v /= 10;
  }
  if (print) out.insert(out.begin(), '.');
  return out;
}

}  // namespace

std::optional<Nanos> parse_duration(std::string_view s) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return 0;
  if (s.empty()) return std::nullopt;
  uint64_t total = 0;
  while (!s.empty()) {
    if (!parse_element(s, total)) return std::nullopt;
  }
  if (neg) return Nanos(-static_cast<int64_t>(total - 1) - 1);
  if (total > kMaxMagnitude - 1) return std::nullopt;
  return Nanos(total);
}

std::string format_duration(Nanos d) {
  uint64_t u = d < 0 ? -uint64_t(d) : uint64_t(d);
  std::string out;
  if (u == 0) return "0s";
  if (u < uint64_t(kSecond)) {
    const char* unit = u < 1000 ? "ns" : u < 1000'000 ? "\u00b5s" : "ms";
    int prec = u < 1000 ? 0 : u < 1000'000 ? 3 : 6;
    std::string f = frac(u, prec);
    out = std::to_string(u) + f + unit;
  } else {
    std::string f = frac(u, 9);
    out = std::to_string(u % 60) + f + "s";
    u /= 60;
    if (u > 0) {
      out = std::to_string(u % 60) + "m" + out;
      u /= 60;
      if (u > 0) out = std::to_string(u) + "h" + out;
    }
  }
  return d < 0 ? "-" + out : out;
}

Nanos round_to_second(Nanos d) {
  Nanos r = d % kSecond;
  if (d < 0) return -round_to_second(-d);
  return r + r < kSecond ? d - r : d + (kSecond - r);
}

std::string format_seconds(Nanos d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fs", double(d) / double(kSecond));
  return buf;
}

}  // namespace cxxtest::runtime
