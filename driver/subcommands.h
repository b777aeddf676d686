// The subcommands besides testing: clean, env, init, help.
#pragma once

#include <string>
#include <vector>

#include "driver/expected.h"

namespace cxxtest::driver {

// cxxtest clean [-cache] [-testcache] [-fuzzcache]
Exit clean_command(const std::vector<std::string>& args);
// cxxtest env [NAME...]
Exit env_command(const std::vector<std::string>& args);
// cxxtest init [module name]
Exit init_command(const std::vector<std::string>& args);
// cxxtest help [topic]
Exit help_command(const std::vector<std::string>& args);

}  // namespace cxxtest::driver
