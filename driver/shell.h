// Quoting for the shell (printing -x commands, ninja command lines), and
// flag lists as environment variables hold them ($CFLAGS).
#pragma once

#include <string>
#include <vector>

namespace cxxtest::driver {

// `s` quoted for /bin/sh if it needs it: plain words stay as they are.
inline std::string shell_quote(const std::string& s) {
  if (!s.empty() &&
      s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=+,:@%") ==
          std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string shell_join(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) out += (out.empty() ? "" : " ") + shell_quote(a);
  return out;
}

// The blank-separated words of a flags variable ($CFLAGS, $LIB_FUZZING_ENGINE),
// split as make and OSS-Fuzz's build scripts split them: no quoting.
inline std::vector<std::string> split_flags(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = s.find_first_not_of(" \t\n"); i != std::string::npos; i = s.find_first_not_of(" \t\n", i)) {
    size_t end = s.find_first_of(" \t\n", i);
    out.push_back(s.substr(i, end == std::string::npos ? std::string::npos : end - i));
    i = end == std::string::npos ? s.size() : end;
  }
  return out;
}

// The inverse of split_flags for words without blanks.
inline std::string join_flags(const std::vector<std::string>& flags) {
  std::string out;
  for (const auto& f : flags) out += (out.empty() ? "" : " ") + f;
  return out;
}

}  // namespace cxxtest::driver
