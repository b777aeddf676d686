// driver/link_hints.h: advice after a failed link whose cause is cxxtest's
// own way of linking, which the linker's message does not show.
#pragma once

#include <string>
#include <vector>

namespace cxxtest::driver {

// A dep's archives are linked whole by default (plan.cpp add_dep_archives):
// every object in them, used or not, so one the test never calls can need a
// library nobody named (harfbuzz's hb-ft.o and FreeType). When the linker's
// `output` blames an undefined symbol on an archive that `link_args` takes
// whole (between -Wl,--whole-archive and -Wl,--no-whole-archive), a line
// saying so and what to do; the same when it blames a symbol defined twice
// on such an archive (libjpeg-turbo installs libjpeg.a and libturbojpeg.a,
// which holds the same objects); else "".
std::string whole_archive_hint(const std::string& output, const std::vector<std::string>& link_args);

}  // namespace cxxtest::driver
