// driver/text_lines.h: walking a program's output line by line.
#pragma once

#include <string_view>

namespace cxxtest::driver {

// Calls `each` with every line of `text` (without its newline).
template <typename F>
void for_each_line(std::string_view text, F each) {
  while (!text.empty()) {
    size_t nl = text.find('\n');
    each(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
}

}  // namespace cxxtest::driver
