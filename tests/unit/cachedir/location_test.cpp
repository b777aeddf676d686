// The cache root from CXXTESTCACHE, XDG_CACHE_HOME and HOME.
#include "cachedir/location.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <string>

using cxxtest::cachedir::cache_root;
using cxxtest::cachedir::EnvLookup;
using cxxtest::cachedir::process_env;

namespace {

cxxtest::cachedir::EnvLookup env_of(std::map<std::string, std::string> vars) {
  return [vars](const char* name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

// The root cache_root finds, or "error: " and its message.
std::string root_or_error(const EnvLookup& env) {
  auto root = cache_root(env);
  return root ? root->string() : "error: " + root.error();
}

}  // namespace

TEST_CASE("CXXTESTCACHE wins, then XDG_CACHE_HOME, then HOME") {
  auto all = env_of({{"CXXTESTCACHE", "/c"}, {"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}});
  CHECK(root_or_error(all) == "/c");
  CHECK(root_or_error(env_of({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}})) == "/x/cxxtest");
  CHECK(root_or_error(env_of({{"HOME", "/h"}})) == "/h/.cache/cxxtest");
}

TEST_CASE("empty variables count as unset") {
  auto env = env_of({{"CXXTESTCACHE", ""}, {"XDG_CACHE_HOME", ""}, {"HOME", "/h"}});
  CHECK(root_or_error(env) == "/h/.cache/cxxtest");
}

TEST_CASE("relative paths and a missing HOME are errors") {
  CHECK(root_or_error(env_of({{"CXXTESTCACHE", "foo"}, {"HOME", "/h"}})) ==
        "error: CXXTESTCACHE is not an absolute path: foo");
  CHECK(root_or_error(env_of({{"XDG_CACHE_HOME", "x/y"}})) ==
        "error: XDG_CACHE_HOME is not an absolute path: x/y");
  CHECK(root_or_error(env_of({})) ==
        "error: cannot find the cache directory: none of $CXXTESTCACHE, $XDG_CACHE_HOME, $HOME is set");
}

TEST_CASE("the process environment is used by default") {
  const char* old = std::getenv("CXXTESTCACHE");
  std::string saved = old ? old : "";
  setenv("CXXTESTCACHE", "/tmp/from-env", 1);
  CHECK(root_or_error(process_env) == "/tmp/from-env");
  if (old) setenv("CXXTESTCACHE", saved.c_str(), 1);
  else unsetenv("CXXTESTCACHE");
}
