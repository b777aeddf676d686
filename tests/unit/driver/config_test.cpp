#include <doctest/doctest.h>

#include "driver/config.h"

using namespace cxxtest::driver;

namespace {
Expected<Config> parse(const std::string& text) { return parse_config(text, "/m/cxxtest.toml"); }
}  // namespace

TEST_CASE("a minimal config gets defaults") {
  auto c = parse("[module]\nname = \"example.com/m\"\n");
  REQUIRE(c.ok());
  CHECK(c->module == "example.com/m");
  CHECK(c->build.compiler == "clang++");
  CHECK(c->build.std == "c++20");
  CHECK(c->root == "/m");
}

TEST_CASE("every build key is read and per-package settings merge") {
  auto c = parse(
      "[module]\nname = \"m\"\n"
      "[build]\ncompiler = \"g++\"\nstd = \"c++17\"\ninclude_dirs = [\"inc\"]\ndefines = [\"A=1\"]\n"
      "flags = [\"-O2\"]\nlibs = [\"m\"]\npkg_config = [\"zlib\"]\n"
      "[package.\"./p\"]\nflags = [\"-Wno-x\"]\nstd = \"c++20\"\n"
      "[fuzz]\nnoinstrument = [\"third_party/**\"]\n");
  REQUIRE(c.ok());
  CHECK(c->build.compiler == "g++");
  CHECK(c->build.pkg_config == std::vector<std::string>{"zlib"});
  BuildSettings p = c->for_package("p");
  CHECK(p.std == "c++20");
  CHECK(p.compiler == "g++");
  CHECK(p.flags == std::vector<std::string>{"-O2", "-Wno-x"});
  CHECK(c->for_package("other").flags == std::vector<std::string>{"-O2"});
  CHECK(c->noinstrument == std::vector<std::string>{"third_party/**"});
}

TEST_CASE("the [fuzz] switches default on, on, off and are read as booleans") {
  auto d = parse("[module]\nname = \"m\"\n");
  REQUIRE(d.ok());
  CHECK(d->fuzz.detect_leaks);
  CHECK(d->fuzz.cmp_guidance);
  CHECK_FALSE(d->fuzz.laf);
  auto c = parse("[module]\nname = \"m\"\n[fuzz]\ndetect_leaks = false\ncmp_guidance = false\nlaf = true\n");
  REQUIRE(c.ok());
  CHECK_FALSE(c->fuzz.detect_leaks);
  CHECK_FALSE(c->fuzz.cmp_guidance);
  CHECK(c->fuzz.laf);
  auto bad = parse("[module]\nname = \"m\"\n[fuzz]\nlaf = \"yes\"\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "cxxtest.toml:4:7: fuzz.laf must be true or false");
}

TEST_CASE("errors carry file:line:col") {
  auto wrong_type = parse("[module]\nname = \"m\"\n[build]\nflags = \"-O2\"\n");
  REQUIRE_FALSE(wrong_type.ok());
  CHECK(wrong_type.error() == "cxxtest.toml:4:9: build.flags must be an array of strings");

  auto unknown = parse("[module]\nname = \"m\"\n[build]\n  complier = \"x\"\n");
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error() == "cxxtest.toml:4:3: unknown key \"complier\" in [build]");

  auto item = parse("[module]\nname = \"m\"\n[build]\nlibs = [\"m\", 3]\n");
  REQUIRE_FALSE(item.ok());
  CHECK(item.error() == "cxxtest.toml:4:14: build.libs must be an array of strings");

  auto syntax = parse("[module]\nname = \n");
  REQUIRE_FALSE(syntax.ok());
  CHECK(syntax.error().rfind("cxxtest.toml:2:", 0) == 0);

  auto missing = parse("[build]\nstd = \"c++20\"\n");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error() == "cxxtest.toml:1:1: missing [module] name = \"...\"");

  auto section = parse("[module]\nname = \"m\"\n[bild]\n");
  REQUIRE_FALSE(section.ok());
  CHECK(section.error().find("unknown key \"bild\"") != std::string::npos);

  auto outside = parse("[module]\nname = \"m\"\n[package.\"../x\"]\n");
  REQUIRE_FALSE(outside.ok());
  CHECK(outside.error().find("must be a directory inside the module") != std::string::npos);
}

TEST_CASE("the starter config parses") {
  auto c = parse(starter_config("example.com/new"));
  REQUIRE(c.ok());
  CHECK(c->module == "example.com/new");
}
