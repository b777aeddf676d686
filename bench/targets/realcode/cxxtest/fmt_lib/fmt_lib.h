// fmt_lib: the {fmt} target (Debian libfmt-dev, header-only mode).
#pragma once

#include <string_view>

namespace fmt_lib {

// run formats with `in` as the format string and six arguments (int, double,
// C string, char, bool, long long), catching fmt::format_error. Never fails.
// Inputs over 4096 bytes, or holding a run of more than 4 digits (a width or
// precision over 9999 only makes a huge string), return 0 at once.
int run(std::string_view in);

}  // namespace fmt_lib
