// driver/deps_ignored.h: which of a dep's `options` its build system said
// it ignored. configure and CMake carry on past an option they do not know
// (a typo, or one a later release added: fuzzer-test-suite's PCRE2 build
// passes --enable-never-backslash-C, which 10.00's configure lacks), and
// say so only in their output, which cxxtest keeps in build.log.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::driver {

// The options of `options` that configure's output names in its
// "configure: WARNING: unrecognized options: A, B" line, in that order.
std::vector<std::string> configure_ignored_options(std::string_view output,
                                                   const std::vector<std::string>& options);

// The options of `options` (-DNAME=VALUE, -DNAME:TYPE=VALUE) whose variable
// CMake lists under "Manually-specified variables were not used by the
// project:", in that order. Variables cxxtest set itself are not options.
std::vector<std::string> cmake_ignored_options(std::string_view output,
                                               const std::vector<std::string>& options);

}  // namespace cxxtest::driver
