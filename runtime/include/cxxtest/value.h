// cxxtest/value.h: one fuzz argument as a tagged value.
//
// Every argument type a fuzz function may take maps to exactly one Kind.
// A Value holds its payload either as bytes (Bytes, String) or as a 64-bit
// pattern (every other kind): integers are stored zero- or sign-extended to
// 64 bits, float/double as their IEEE bit pattern (so NaN payloads survive),
// bool as 0/1, char and char32_t as their code unit.
//
// The spelling returned by kind_name() is the type name used in corpus files
// (`cxxtest fuzz v1`) and in "mismatched types" messages.
//
// C++17 or newer. std::span<const uint8_t> arguments need the C++20 library
// (CXXTEST_HAS_SPAN); everything else is the same under both standards, and
// the inline code is spelled the same way under both, so a C++17 test file
// and the C++20 runtime agree on every definition they share.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>
#if __cplusplus > 201703L && __has_include(<span>)
#include <bit>  // not used here; kept for C++20 includers that relied on it
#include <span>
#endif

#if defined(__cpp_lib_span)
#define CXXTEST_HAS_SPAN 1
#else
#define CXXTEST_HAS_SPAN 0
#endif

namespace cxxtest {
namespace internal {

// std::remove_cvref_t, which C++17 lacks.
template <class X>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<X>>;

// std::bit_cast, which C++17 lacks, for trivially copyable types of one size.
template <class To, class From>
To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "cxxtest: bit_cast between types of different sizes");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

}  // namespace internal

// Laid out by hand: grouped by width.
// clang-format off
enum class Kind : uint8_t {
  Bytes, String, Bool, Char,
  Int8, Int16, Int32, Int64,
  Uint8, Uint16, Uint32, Uint64,
  Char32, Float, Double,
};
// clang-format on

inline constexpr int kKindCount = 15;

// The corpus-file spelling of a kind: "bytes", "std::string", "bool", "char",
// "int8_t", "int16_t", "int", "int64_t", "uint8_t", "uint16_t", "uint32_t",
// "uint64_t", "char32_t", "float", "double".
constexpr std::string_view kind_name(Kind k) {
  // Laid out by hand: a table of Kind's order.
  // clang-format off
  constexpr std::string_view names[kKindCount] = {
      "bytes",   "std::string", "bool",     "char",     "int8_t",
      "int16_t", "int",         "int64_t",  "uint8_t",  "uint16_t",
      "uint32_t", "uint64_t",   "char32_t", "float",    "double"};
  // clang-format on
  return names[static_cast<int>(k)];
}

constexpr bool is_byte_kind(Kind k) { return k == Kind::Bytes || k == Kind::String; }
constexpr bool is_signed_kind(Kind k) {
  return k == Kind::Int8 || k == Kind::Int16 || k == Kind::Int32 || k == Kind::Int64;
}
// Width in bits of an integer-like kind (Bool 1, Char 8, Char32 32); 0 otherwise.
constexpr int kind_bits(Kind k) {
  switch (k) {
    // Laid out by hand: one line per width.
    // clang-format off
    case Kind::Bool: return 1;
    case Kind::Char: case Kind::Int8: case Kind::Uint8: return 8;
    case Kind::Int16: case Kind::Uint16: return 16;
    case Kind::Int32: case Kind::Uint32: case Kind::Char32: case Kind::Float: return 32;
    case Kind::Int64: case Kind::Uint64: case Kind::Double: return 64;
    default: return 0;
      // clang-format on
  }
}

// KindOf<T>::value is the Kind for a fuzz parameter type T (cv-ref stripped);
// KindOf<T>::supported is false for types cxxtest cannot fuzz.
template <class T, class = void>
struct KindOf {
  static constexpr bool supported = false;
};

#define CXXTEST_KIND_OF(T, K)               \
  template <>                               \
  struct KindOf<T> {                        \
    static constexpr bool supported = true; \
    static constexpr Kind value = Kind::K;  \
  }
CXXTEST_KIND_OF(std::vector<uint8_t>, Bytes);
#if CXXTEST_HAS_SPAN
CXXTEST_KIND_OF(std::span<const uint8_t>, Bytes);
#endif
CXXTEST_KIND_OF(std::string, String);
CXXTEST_KIND_OF(std::string_view, String);
CXXTEST_KIND_OF(const char*, String);
CXXTEST_KIND_OF(bool, Bool);
CXXTEST_KIND_OF(char, Char);
CXXTEST_KIND_OF(signed char, Int8);
CXXTEST_KIND_OF(short, Int16);
CXXTEST_KIND_OF(int, Int32);
CXXTEST_KIND_OF(long, Int64);
CXXTEST_KIND_OF(long long, Int64);
CXXTEST_KIND_OF(unsigned char, Uint8);
CXXTEST_KIND_OF(unsigned short, Uint16);
CXXTEST_KIND_OF(unsigned int, Uint32);
CXXTEST_KIND_OF(unsigned long, Uint64);
CXXTEST_KIND_OF(unsigned long long, Uint64);
CXXTEST_KIND_OF(char32_t, Char32);
CXXTEST_KIND_OF(float, Float);
CXXTEST_KIND_OF(double, Double);
#undef CXXTEST_KIND_OF

template <class T>
using KindOfDecayed = KindOf<internal::remove_cvref_t<T>>;

struct Value {
  Kind kind = Kind::Bytes;
  std::string bytes;  // payload of Bytes and String
  uint64_t bits = 0;  // payload of every other kind (see the file comment)

  // Spelled out (`= default` is C++20): same kind and payloads.
  friend bool operator==(const Value& a, const Value& b) {
    return a.kind == b.kind && a.bytes == b.bytes && a.bits == b.bits;
  }
  friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

  // Builds a Value from a C++ value of a supported type.
  template <class T>
  static Value of(const T& x) {
    using U = internal::remove_cvref_t<T>;
    constexpr Kind k = KindOf<U>::value;
    Value v;
    v.kind = k;
    if constexpr (k == Kind::Bytes) {
      v.bytes.assign(reinterpret_cast<const char*>(x.data()), x.size());
    } else if constexpr (std::is_same_v<U, const char*>) {
      v.bytes = x;
    } else if constexpr (k == Kind::String) {
      v.bytes.assign(x.data(), x.size());
    } else if constexpr (k == Kind::Float) {
      v.bits = internal::bit_cast<uint32_t>(x);
    } else if constexpr (k == Kind::Double) {
      v.bits = internal::bit_cast<uint64_t>(x);
    } else if constexpr (std::is_signed_v<U> && k != Kind::Char) {
      v.bits = static_cast<uint64_t>(static_cast<int64_t>(x));
    } else if constexpr (k == Kind::Char) {
      v.bits = static_cast<unsigned char>(x);
    } else {
      v.bits = static_cast<uint64_t>(x);
    }
    return v;
  }

  // The payload as a C++ scalar of the matching kind (no checking).
  template <class U>
  U scalar() const {
    if constexpr (std::is_same_v<U, float>) return internal::bit_cast<float>(static_cast<uint32_t>(bits));
    else if constexpr (std::is_same_v<U, double>) return internal::bit_cast<double>(bits);
    else if constexpr (std::is_same_v<U, bool>) return bits != 0;
    else return static_cast<U>(bits);
  }

  // The zero value of a kind: empty bytes/string, false, 0, +0.0.
  static Value zero(Kind k) {
    Value v;
    v.kind = k;
    return v;
  }
};

#if CXXTEST_HAS_SPAN
// "[std::string int]": the type list used in mismatch messages.
inline std::string kind_list(std::span<const Kind> kinds) {
  std::string s = "[";
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (i) s += ' ';
    s += kind_name(kinds[i]);
  }
  return s + "]";
}
#endif

}  // namespace cxxtest
