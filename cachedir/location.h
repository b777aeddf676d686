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

namespace cxxtest::cachedir {

// Looks up an environment variable: nullopt when it is unset.
using EnvLookup = std::function<std::optional<std::string>(const char* name)>;

// The process environment (std::getenv).
std::optional<std::string> process_env(const char* name);

// The cache root. On failure returns nullopt and sets *err (when err is not
// null) to a message for the user, e.g.
// "CXXTESTCACHE is not an absolute path: foo".
std::optional<std::filesystem::path> cache_root(std::string* err, const EnvLookup& env = process_env);

}  // namespace cxxtest::cachedir
