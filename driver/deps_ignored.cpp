// driver/deps_ignored.cpp: see deps_ignored.h.
#include "driver/deps_ignored.h"

#include <algorithm>

#include "driver/text_lines.h"

namespace cxxtest::driver {
namespace {

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// An option's name: "--with-x" of "--with-x=1", "FOO" of "-DFOO:BOOL=ON".
std::string_view option_name(std::string_view option, bool cmake) {
  if (cmake) {
    if (!option.starts_with("-D")) return {};
    option.remove_prefix(2);
    return option.substr(0, option.find_first_of(":="));
  }
  return option.substr(0, option.find('='));
}

void add_named(std::string_view name, const std::vector<std::string>& options, bool cmake,
               std::vector<std::string>& out) {
  for (const std::string& o : options)
    if (!name.empty() && option_name(o, cmake) == name && std::find(out.begin(), out.end(), o) == out.end())
      out.push_back(o);
}

}  // namespace

std::vector<std::string> configure_ignored_options(std::string_view output,
                                                   const std::vector<std::string>& options) {
  constexpr std::string_view kLine = "configure: WARNING: unrecognized options: ";
  std::vector<std::string> out;
  for_each_line(output, [&](std::string_view line) {
    if (!line.starts_with(kLine)) return;
    std::string_view list = line.substr(kLine.size());
    while (!list.empty()) {
      size_t comma = list.find(',');
      add_named(option_name(trimmed(list.substr(0, comma)), false), options, false, out);
      if (comma == std::string_view::npos) break;
      list.remove_prefix(comma + 1);
    }
  });
  return out;
}

std::vector<std::string> cmake_ignored_options(std::string_view output,
                                               const std::vector<std::string>& options) {
  constexpr std::string_view kHeading = "Manually-specified variables were not used by the project:";
  std::vector<std::string> out;
  // The heading, a blank line, then one indented name a line up to the
  // next blank line.
  enum { Before, Blank, Names } state = Before;
  for_each_line(output, [&](std::string_view line) {
    std::string_view t = trimmed(line);
    if (state == Before) {
      if (t == kHeading) state = Blank;
    } else if (state == Blank) {
      if (!t.empty()) state = Names;
    }
    if (state == Names) {
      if (t.empty()) state = Before;
      else add_named(t, options, true, out);
    }
  });
  return out;
}

}  // namespace cxxtest::driver
