// [fuzz] noinstrument globs: module-relative paths never to instrument.
//   "*"  matches within one path element, "**" across elements, "?" one char.
//   "third_party/**" matches every file under third_party/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::instrument {

bool glob_match(std::string_view pattern, std::string_view path);

// True if the module-relative `path` matches any of `globs`.
bool is_noinstrument(const std::vector<std::string>& globs, std::string_view path);

}  // namespace cxxtest::instrument
