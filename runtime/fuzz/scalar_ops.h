// fuzz/scalar_ops.h: mutations of every non-byte kind (value.h encoding).
//
// Integers (int8..int64, uint8..uint64, char as uint8, char32_t) draw
// [op=below(16), or below(17) with an integer dictionary]:
//   0-11  AddSub: Go's rule: add or subtract 1..100 (coin: add), clamped;
//   12-13 FlipBit [bit=below(width)]: flip one bit of the value;
//   14-15 Interesting [i=below(30), char32_t: below(12)]: a boundary value;
//   16    Dict [i=below(D)]: a dictionary integer, truncated to the kind.
// Go's clamping: signed kinds stay in [-max, max] (never the exact minimum
// via AddSub), unsigned in [0, max]; a direction that cannot move (at max,
// at 0) is drawn again. char32_t clamps to [0, 0x10FFFF] and steps over the
// surrogates, so only Interesting makes it an invalid code point (and the
// next AddSub or FlipBit makes it valid again).
// Floats draw [op=below(17)]: 0-15 Go's four ops by op%4 (add 1..100,
// subtract 1..100, multiply by 1..10, divide by 1..10; the last two are drawn
// again for 0), clamped to +-max so finite stays finite; 16 [i=below(11)] a
// special value (0, -0, +-inf, NaN, min, denorm_min, max, lowest, 1, -1).
// Bool flips (no draw; Go flips with probability 1/2, a wasted execution).
#pragma once

#include "fuzz/rng.h"

#include <cxxtest/value.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace cxxtest::fuzz::ops {

// Go's 27 interesting values plus INT64_MIN, INT64_MAX, UINT32_MAX.
// Laid out by hand: one line per width, as Go lists them.
// clang-format off
inline constexpr int64_t kIntInteresting[30] = {
    -128, -1, 0, 1, 16, 32, 64, 100, 127,
    -32768, -129, 128, 255, 256, 512, 1000, 1024, 4096, 32767,
    -2147483647 - 1, -100663046, -32769, 32768, 65535, 65536, 100663045, 2147483647,
    std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), 4294967295};
// clang-format on
// Code points at UTF-8/UTF-16 boundaries; the last three are invalid.
inline constexpr uint32_t kRuneInteresting[12] = {0,      0x7F,    0x80,     0x7FF,  0x800,  0xFFFD,
                                                  0xFFFF, 0x10000, 0x10FFFF, 0xD800, 0xDFFF, 0x110000};
inline constexpr uint64_t kMaxRune = 0x10FFFF;

// `bits` truncated to the kind's width and sign- or zero-extended (value.h).
inline uint64_t normalize(Kind k, uint64_t bits) {
  switch (k) {
    case Kind::Bool: return bits & 1;
    case Kind::Int8: return static_cast<uint64_t>(int64_t{static_cast<int8_t>(bits)});
    case Kind::Int16: return static_cast<uint64_t>(int64_t{static_cast<int16_t>(bits)});
    case Kind::Int32: return static_cast<uint64_t>(int64_t{static_cast<int32_t>(bits)});
    case Kind::Char:
    case Kind::Uint8: return bits & 0xFF;
    case Kind::Uint16: return bits & 0xFFFF;
    case Kind::Uint32:
    case Kind::Char32:
    case Kind::Float: return bits & 0xFFFFFFFF;
    default: return bits;
  }
}

// The largest value of an integer kind (char32_t: 0x10FFFF).
inline uint64_t kind_max(Kind k) {
  if (k == Kind::Char32) return kMaxRune;
  int bits = kind_bits(k) - (is_signed_kind(k) ? 1 : 0);
  return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

inline bool is_surrogate(uint64_t c) { return c >= 0xD800 && c <= 0xDFFF; }

// Go's mutateInt: v +- 1..100 within [-max, max]. [add=coin, d=below(lim)]
template <class R>
inline int64_t add_sub_signed(R& r, int64_t v, int64_t max) {
  for (;;) {
    if (r.coin()) {
      if (v >= max) continue;
      int64_t lim = (v > 0 && max - v < 100) ? max - v : 100;
      return v + 1 + r.below(static_cast<uint32_t>(lim));
    }
    if (v <= -max) continue;
    int64_t lim = (v < 0 && max + v < 100) ? max + v : 100;
    return v - 1 - r.below(static_cast<uint32_t>(lim));
  }
}

// Go's mutateUInt: v +- 1..100 within [0, max]. [add=coin, d=below(lim)]
template <class R>
inline uint64_t add_sub_unsigned(R& r, uint64_t v, uint64_t max) {
  for (;;) {
    if (r.coin()) {
      if (v >= max) continue;
      uint64_t lim = max - v < 100 ? max - v : 100;
      return v + 1 + r.below(static_cast<uint32_t>(lim));
    }
    if (v == 0) continue;
    uint64_t lim = v < 100 ? v : 100;
    return v - 1 - r.below(static_cast<uint32_t>(lim));
  }
}

// AddSub for any integer kind; char32_t steps over the surrogate block, and
// an out-of-range char32_t starts from 0x10FFFF.
template <class R>
inline uint64_t add_sub_kind(R& r, Kind k, uint64_t bits) {
  if (is_signed_kind(k)) {
    auto max = static_cast<int64_t>(kind_max(k));
    return normalize(k, static_cast<uint64_t>(add_sub_signed(r, static_cast<int64_t>(bits), max)));
  }
  if (k != Kind::Char32) return add_sub_unsigned(r, bits, kind_max(k));
  uint64_t from = bits > kMaxRune ? kMaxRune : bits;  // an invalid rune comes back in range
  uint64_t c = add_sub_unsigned(r, from, kMaxRune);
  return is_surrogate(c) ? (c > from ? c + 0x800 : c - 0x800) : c;
}

// FlipBit for any integer kind; char32_t flips one of 21 bits and is then
// folded back to a valid code point.
template <class R>
inline uint64_t flip_bit_kind(R& r, Kind k, uint64_t bits) {
  if (k != Kind::Char32) return normalize(k, bits ^ (uint64_t{1} << r.below(kind_bits(k))));
  uint64_t c = bits ^ (uint64_t{1} << r.below(21));
  if (c > kMaxRune) c &= 0xFFFFF;
  if (is_surrogate(c)) c ^= 0x800;
  return c;
}

// One integer mutation (see the file comment); `dict` may be null or empty.
template <class R>
inline void mutate_integer(R& r, Value& v, const std::vector<uint64_t>* dict) {
  bool has_dict = dict != nullptr && !dict->empty();
  uint32_t op = r.below(has_dict ? 17 : 16);
  if (op < 12) {
    v.bits = add_sub_kind(r, v.kind, v.bits);
  } else if (op < 14) {
    v.bits = flip_bit_kind(r, v.kind, v.bits);
  } else if (op < 16) {
    v.bits = v.kind == Kind::Char32 ? kRuneInteresting[r.below(12)]
                                    : normalize(v.kind, static_cast<uint64_t>(kIntInteresting[r.below(30)]));
  } else {
    v.bits = normalize(v.kind, (*dict)[r.below(static_cast<uint32_t>(dict->size()))]);
  }
}

// Laid out by hand: in pairs.
// clang-format off
template <class T>
inline constexpr T kFloatSpecials[11] = {
    T(0), T(-0.0), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
    std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::min(),
    std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::max(),
    std::numeric_limits<T>::lowest(), T(1), T(-1)};
// clang-format on

// One float mutation of x (see the file comment), computed in double.
template <class T, class R>
inline T mutate_float_value(R& r, T x) {
  constexpr double max = std::numeric_limits<T>::max();
  for (;;) {
    uint32_t op = r.below(17);
    if (op == 16) return kFloatSpecials<T>[r.below(11)];
    double d = x;
    switch (op & 3) {
      case 0: d += r.below(100) + 1; break;
      case 1: d -= r.below(100) + 1; break;
      case 2:
        if (x == 0) continue;
        d *= r.below(10) + 1;
        break;
      default:
        if (x == 0) continue;
        d /= r.below(10) + 1;
        break;
    }
    return static_cast<T>(d > max ? max : d < -max ? -max : d);
  }
}

template <class T, class R>
inline void mutate_float(R& r, Value& v) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  T x = std::bit_cast<T>(static_cast<Bits>(v.bits));
  v.bits = std::bit_cast<Bits>(mutate_float_value<T>(r, x));
}

}  // namespace cxxtest::fuzz::ops
