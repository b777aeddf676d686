// `cxxtest cover -html=c.out [-o c.html]`: Go's `go tool cover -html`, over
// the lcov profile -coverprofile writes (cover_profile.h).
#pragma once

#include <string>
#include <vector>

#include "driver/cover_profile.h"
#include "driver/exit_code.h"

namespace cxxtest::driver {

Exit cover_command(const std::vector<std::string>& args);

// `cxxtest help cover`.
void help_cover();

// The HTML report of `profile`: one self-contained page, a file selector and
// each file's source with every line that holds code marked covered (its
// count > 0) or not, and its count. Each such line is a row
//   <tr class="hit|miss" data-line="N" data-count="C">
// so scripts can read the counts back. Paths under `base` are shown
// relative to it. A source that cannot be read is named, its counts kept.
std::string render_html(const CoverProfile& profile, const std::string& base);

}  // namespace cxxtest::driver
