// cxxtest/printf_check.h: the compile-time check of Logf/Errorf/Fatalf/Skipf
// formats against their arguments, as -Wformat checks printf's.
//
// Why not __attribute__((format(printf, ...))): clang before 15 accepts it
// only on C-variadic functions, and those can neither take the caller's
// location as default arguments (nothing may follow `...`) nor accept
// std::string for %s. So the f-methods keep their variadic template, and the
// format's constructor (which sees the literal at the call site, and the
// argument types through the template) carries clang's diagnose_if: a
// constant format that does not match is a warning at the call
// (-Wuser-defined-warnings); a format that is not a constant is not checked.
// Compilers without diagnose_if (GCC) check nothing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace cxxtest::internal::printf_check {

// What an argument is once adapted for vsnprintf (PrintfArg in cxxtest.h):
// std::string and std::string_view become const char*, enums their
// underlying type, and integers narrower than int are promoted.
enum class Arg { Int, Long, Double, LongDouble, CString, WString, Pointer, Other };

template <class X>
constexpr Arg arg_of() {
  using D = std::decay_t<X>;
  if constexpr (std::is_same_v<D, std::string> || std::is_same_v<D, std::string_view> ||
                std::is_same_v<D, const char*> || std::is_same_v<D, char*>)
    return Arg::CString;
  else if constexpr (std::is_same_v<D, const wchar_t*> || std::is_same_v<D, wchar_t*>) return Arg::WString;
  else if constexpr (std::is_pointer_v<D> || std::is_null_pointer_v<D>) return Arg::Pointer;
  else if constexpr (std::is_enum_v<D>) return arg_of<std::underlying_type_t<D>>();
  else if constexpr (std::is_integral_v<D>)
    return sizeof(D) <= sizeof(int) ? Arg::Int : sizeof(D) == sizeof(long) ? Arg::Long : Arg::Other;
  else if constexpr (std::is_same_v<D, float> || std::is_same_v<D, double>) return Arg::Double;
  else if constexpr (std::is_same_v<D, long double>) return Arg::LongDouble;
  else return Arg::Other;
}

enum class Result { Ok, BadConversion, BadType, BadCount };

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The argument a conversion takes, given its length modifier ("", "hh",
// "h", "l", "ll", "j", "z", "t", "L") and conversion character; Other for
// an unknown conversion. `none` is set for %% and %m, which take none.
constexpr Arg wanted(std::string_view length, char conversion, bool& none, bool& any_pointer) {
  none = false;
  any_pointer = false;
  bool wide =
      length == "l" || length == "ll" || length == "j" || length == "z" || length == "t" || length == "q";
  switch (conversion) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      if (length == "L") return Arg::Other;
      return wide ? Arg::Long : Arg::Int;
    case 'c': return length.empty() || length == "l" ? Arg::Int : Arg::Other;
    case 's': return length.empty() ? Arg::CString : length == "l" ? Arg::WString : Arg::Other;
    case 'p':
    case 'n': any_pointer = true; return length.empty() || conversion == 'n' ? Arg::Pointer : Arg::Other;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      return length == "L" ? Arg::LongDouble : length.empty() || length == "l" ? Arg::Double : Arg::Other;
    case 'm': none = true; return length.empty() ? Arg::Int : Arg::Other;
    default: return Arg::Other;
  }
}

constexpr bool matches(Arg want, Arg got, bool any_pointer) {
  if (any_pointer) return got == Arg::Pointer || got == Arg::CString || got == Arg::WString;
  return want == got;
}

// Checks `fmt` against the argument kinds args[0..n).
constexpr Result check(const char* fmt, const Arg* args, size_t n) {
  size_t used = 0;
  for (const char* p = fmt; *p; ++p) {
    if (*p != '%') continue;
    ++p;
    if (*p == '%') continue;
    // %1$d: positional arguments, which glibc allows; not checked.
    const char* q = p;
    while (is_digit(*q)) ++q;
    if (*q == '$') return Result::Ok;
    while (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0' || *p == '\'') ++p;
    if (*p == '*') {  // width from an int argument
      if (used == n) return Result::BadCount;
      if (args[used++] != Arg::Int) return Result::BadType;
      ++p;
    }
    while (is_digit(*p)) ++p;
    if (*p == '.') {
      ++p;
      if (*p == '*') {
        if (used == n) return Result::BadCount;
        if (args[used++] != Arg::Int) return Result::BadType;
        ++p;
      }
      while (is_digit(*p)) ++p;
    }
    const char* length = p;
    if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l')) p += 2;
    else if (*p == 'h' || *p == 'l' || *p == 'j' || *p == 'z' || *p == 't' || *p == 'L' || *p == 'q') ++p;
    if (!*p) return Result::BadConversion;
    bool none = false, any_pointer = false;
    Arg want = wanted(std::string_view(length, size_t(p - length)), *p, none, any_pointer);
    if (want == Arg::Other) return Result::BadConversion;
    if (none) continue;
    if (used == n) return Result::BadCount;
    if (!matches(want, args[used++], any_pointer)) return Result::BadType;
  }
  return used == n ? Result::Ok : Result::BadCount;
}

template <class... A>
constexpr Result check(const char* fmt) {
  const Arg args[] = {arg_of<A>()..., Arg::Other};  // never empty
  return check(fmt, args, sizeof...(A));
}

}  // namespace cxxtest::internal::printf_check
