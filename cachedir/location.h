// location.h: where the cache directory is.
//
//   $CXXTESTCACHE               if set and not empty; must be absolute
//   $XDG_CACHE_HOME/cxxtest     else, if set and not empty; must be absolute
//   $HOME/.cache/cxxtest        else, if HOME is set and not empty; absolute
//
// Nothing is created or checked on disk.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "common/expected.h"

namespace cxxtest::cachedir {

// Looks up an environment variable: nullopt when it is unset.
using EnvLookup = std::function<std::optional<std::string>(const char* name)>;

// The process environment (std::getenv).
std::optional<std::string> process_env(const char* name);

// The cache root, or an error for the user, e.g.
// "CXXTESTCACHE is not an absolute path: foo".
Expected<std::filesystem::path> cache_root(const EnvLookup& env = process_env);

}  // namespace cxxtest::cachedir
