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
// With GNU ld's "libbz2.so.1.0: error adding symbols: DSO missing from
// command line" (an archive's object needs a shared library nobody named,
// which another library happened to bring in), the undefined-symbol hint
// names it (link = ["-lbz2"]).
std::string whole_archive_hint(const std::string& output, const std::vector<std::string>& link_args);

// The library GNU ld's output says is missing from the command line ("bz2"
// for ".../libbz2.so.1.0: error adding symbols: DSO missing from command
// line"), else "".
std::string missing_library(const std::string& output);

// A line naming that library and where to add it, when whole_archive_hint
// has nothing to say (the object needing it is the tests' own, or in an
// archive not linked whole); else "".
std::string missing_library_hint(const std::string& output);

// The library the linker found no file for ("foo" for GNU ld's "cannot find
// -lfoo" or lld's "unable to find library -lfoo"), else "".
std::string unfound_library(const std::string& output);

// A line saying where such a -l comes from (a dep's link arguments: its
// `link`, its pkg-config files', its CMake targets') and what to do, when
// unfound_library names one; else "".
std::string unfound_library_hint(const std::string& output);

}  // namespace cxxtest::driver
