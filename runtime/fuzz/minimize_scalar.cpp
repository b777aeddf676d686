// fuzz/minimize_scalar.cpp: minimizing the non-byte kinds (beyond Go; see
// minimize.h for the steps). Integers move toward 0 by magnitude: the
// bisection keeps `lo` failing to qualify and `hi` qualifying, so with a
// monotone predicate ("x >= 1000") it ends on the smallest qualifying value.
#include "fuzz/minimize_trial.h"
#include "fuzz/scalar_ops.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace cxxtest::fuzz {
namespace {

// Smallest qualifying magnitude in (lo, hi]: lo does not qualify, hi does
// (and is the current value). try_mag(m) tries magnitude m.
template <class TryMag>
uint64_t bisect(Trial& t, uint64_t lo, uint64_t hi, TryMag&& try_mag) {
  while (hi - lo > 1 && !t.stopped()) {
    uint64_t mid = lo + (hi - lo) / 2;
    if (try_mag(mid)) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return hi;
}

// Clears set bits of the magnitude, highest first, keeping it non-zero.
template <class TryMag>
void clear_bits(Trial& t, uint64_t mag, TryMag&& try_mag) {
  for (int b = 63; b >= 0 && !t.stopped(); --b) {
    uint64_t bit = uint64_t{1} << b;
    if ((mag & bit) == 0 || mag == bit) continue;
    if (try_mag(mag & ~bit)) mag &= ~bit;
  }
}

void minimize_integer(Trial& t, size_t i) {
  const Kind k = t.arg(i).kind;
  const uint64_t bits = t.arg(i).bits;
  if (bits == 0 || t.try_bits(i, 0)) return;
  bool neg = is_signed_kind(k) && static_cast<int64_t>(bits) < 0;
  uint64_t mag = neg ? 0 - bits : bits;
  if (neg && mag <= ops::kind_max(k) && t.try_bits(i, mag)) neg = false;
  auto try_mag = [&](uint64_t m) { return t.try_bits(i, ops::normalize(k, neg ? 0 - m : m)); };
  clear_bits(t, bisect(t, 0, mag, try_mag), try_mag);
}

// Printable ASCII is already as simple as a char gets.
bool is_printable_ascii(uint64_t c) { return c >= 0x20 && c <= 0x7E; }

void minimize_char32(Trial& t, size_t i) {
  if (is_printable_ascii(t.arg(i).bits) || t.try_bits(i, 'a')) return;
  minimize_integer(t, i);
}

void minimize_char(Trial& t, size_t i) {
  for (char pc : kPrintable) {
    if (t.arg(i).bits == static_cast<unsigned char>(pc)) return;
    if (t.try_bits(i, static_cast<unsigned char>(pc)) || t.stopped()) return;
  }
}

// x rounded to `digits` significant decimal digits.
template <class T>
T round_digits(T x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(x));
  if constexpr (std::is_same_v<T, float>) return std::strtof(buf, nullptr);
  else return std::strtod(buf, nullptr);
}

template <class T>
void minimize_float(Trial& t, size_t i) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  auto value = [&] { return std::bit_cast<T>(static_cast<Bits>(t.arg(i).bits)); };
  auto try_value = [&](T c) {
    Bits b = std::bit_cast<Bits>(c);
    return b != static_cast<Bits>(t.arg(i).bits) && t.try_bits(i, b);
  };
  if (try_value(T(0)) || !std::isfinite(value()) || value() == T(0)) return;  // -0 tries +0
  constexpr T kExact = sizeof(T) == 4 ? T(16777216) : T(9007199254740992);    // 2^24, 2^53
  if (std::fabs(value()) < kExact) {
    try_value(std::trunc(value()));
    T x = value();
    if (std::trunc(x) == x) {
      auto try_mag = [&](uint64_t m) { return try_value(x < 0 ? -T(m) : T(m)); };
      bisect(t, 0, static_cast<uint64_t>(std::fabs(x)), try_mag);
    }
  }
  constexpr int kMaxDigits = sizeof(T) == 4 ? 9 : 17;
  for (int p = 1; p <= kMaxDigits && !t.stopped(); ++p) {
    T c = round_digits(value(), p);
    if (c == value() || try_value(c)) break;
  }
}

}  // namespace

void minimize_scalar(Trial& t, size_t i) {
  switch (t.arg(i).kind) {
    case Kind::Bytes:
    case Kind::String: return;
    case Kind::Bool:
      if (t.arg(i).bits != 0) t.try_bits(i, 0);
      return;
    case Kind::Char: minimize_char(t, i); return;
    case Kind::Char32: minimize_char32(t, i); return;
    case Kind::Float: minimize_float<float>(t, i); return;
    case Kind::Double: minimize_float<double>(t, i); return;
    default: minimize_integer(t, i); return;
  }
}

}  // namespace cxxtest::fuzz
