// The subcommands besides testing: clean, env, init, help.
#pragma once

#include <string>
#include <vector>

#include "driver/exit_code.h"

namespace cxxtest::driver {

// cxxtest clean [-cache] [-testcache] [-fuzzcache]
Exit clean_command(const std::vector<std::string>& args);
// cxxtest env [-fuzz] [-asan] [-ubsan] [-race] [-laf] [NAME...]: cxxtest's
// paths, and for the variant the flags select (plain without -fuzz) what
// another build system needs: CC, CXX (the wrappers), CFLAGS, CXXFLAGS,
// LDFLAGS (shell-quoted words on one line) and CXXTEST_VARIANT. Without
// names every variable as NAME="value"; with names each value on its line.
Exit env_command(const std::vector<std::string>& args);
// cxxtest init [module name]
Exit init_command(const std::vector<std::string>& args);
// cxxtest help [topic]
Exit help_command(const std::vector<std::string>& args);
// cxxtest version, --version: the version and the compiler it was built with.
Exit version_command();

}  // namespace cxxtest::driver
