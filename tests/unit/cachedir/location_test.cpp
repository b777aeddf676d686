// The cache root from CXXTESTCACHE, XDG_CACHE_HOME and HOME.
#include "cachedir/location.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <string>

using cxxtest::cachedir::cache_root;

namespace {

cxxtest::cachedir::EnvLookup env_of(std::map<std::string, std::string> vars) {
  return [vars](const char* name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

}  // namespace

TEST_CASE("CXXTESTCACHE wins, then XDG_CACHE_HOME, then HOME") {
  std::string err;
  auto all = env_of({{"CXXTESTCACHE", "/c"}, {"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}});
  CHECK(cache_root(&err, all) == std::filesystem::path("/c"));
  CHECK(cache_root(&err, env_of({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}})) ==
        std::filesystem::path("/x/cxxtest"));
  CHECK(cache_root(&err, env_of({{"HOME", "/h"}})) == std::filesystem::path("/h/.cache/cxxtest"));
}

TEST_CASE("empty variables count as unset") {
  std::string err;
  auto env = env_of({{"CXXTESTCACHE", ""}, {"XDG_CACHE_HOME", ""}, {"HOME", "/h"}});
  CHECK(cache_root(&err, env) == std::filesystem::path("/h/.cache/cxxtest"));
}

TEST_CASE("relative paths and a missing HOME are errors") {
  std::string err;
  CHECK_FALSE(cache_root(&err, env_of({{"CXXTESTCACHE", "foo"}, {"HOME", "/h"}})));
  CHECK(err == "CXXTESTCACHE is not an absolute path: foo");
  CHECK_FALSE(cache_root(&err, env_of({{"XDG_CACHE_HOME", "x/y"}})));
  CHECK(err == "XDG_CACHE_HOME is not an absolute path: x/y");
  CHECK_FALSE(cache_root(&err, env_of({})));
  CHECK(err == "cannot find the cache directory: none of $CXXTESTCACHE, $XDG_CACHE_HOME, $HOME is set");
  CHECK_FALSE(cache_root(nullptr, env_of({})));
}

TEST_CASE("the process environment is used by default") {
  const char* old = std::getenv("CXXTESTCACHE");
  std::string saved = old ? old : "";
  setenv("CXXTESTCACHE", "/tmp/from-env", 1);
  CHECK(cache_root(nullptr) == std::filesystem::path("/tmp/from-env"));
  if (old)
    setenv("CXXTESTCACHE", saved.c_str(), 1);
  else
    unsetenv("CXXTESTCACHE");
}
