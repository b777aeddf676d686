// location.cpp: the cache root from the environment (see location.h).
#include "cachedir/location.h"

#include <cstdlib>
#include <initializer_list>

namespace cxxtest::cachedir {
namespace {

// The variable's value if it is set and not empty.
std::optional<std::string> non_empty(const EnvLookup& env, const char* name) {
  std::optional<std::string> value = env(name);
  if (value && value->empty()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::string> process_env(const char* name) {
  const char* value = std::getenv(name);
  if (!value) return std::nullopt;
  return std::string(value);
}

Expected<std::filesystem::path> cache_root(const EnvLookup& env) {
  struct Source {
    const char* var;
    const char* suffix;  // appended to the variable's value
  };
  for (Source s :
       {Source{"CXXTESTCACHE", ""}, Source{"XDG_CACHE_HOME", "cxxtest"}, Source{"HOME", ".cache/cxxtest"}}) {
    std::optional<std::string> value = non_empty(env, s.var);
    if (!value) continue;
    std::filesystem::path dir(*value);
    if (!dir.is_absolute()) return Error{std::string(s.var) + " is not an absolute path: " + *value};
    return *s.suffix ? dir / s.suffix : dir;
  }
  return Error{"cannot find the cache directory: none of $CXXTESTCACHE, $XDG_CACHE_HOME, $HOME is set"};
}

}  // namespace cxxtest::cachedir
