#include "instrument/noinstrument.h"

namespace cxxtest::instrument {

// Backtracking matcher; patterns are short, so the worst case does not matter.
bool glob_match(std::string_view p, std::string_view s) {
  if (p.empty()) return s.empty();
  if (p.substr(0, 2) == "**") {
    std::string_view rest = p.substr(2);
    if (!rest.empty() && rest[0] == '/') {
      // "**/" also matches zero directories.
      if (glob_match(rest.substr(1), s)) return true;
    }
    for (size_t i = 0; i <= s.size(); ++i)
      if (glob_match(rest, s.substr(i))) return true;
    return false;
  }
  if (p[0] == '*') {
    for (size_t i = 0; i <= s.size(); ++i) {
      if (glob_match(p.substr(1), s.substr(i))) return true;
      if (i < s.size() && s[i] == '/') break;
    }
    return false;
  }
  if (s.empty()) return false;
  if (p[0] == '?' ? s[0] != '/' : p[0] == s[0]) return glob_match(p.substr(1), s.substr(1));
  return false;
}

bool is_noinstrument(const std::vector<std::string>& globs, std::string_view path) {
  for (const auto& g : globs)
    if (glob_match(g, path)) return true;
  return false;
}

}  // namespace cxxtest::instrument
