#include <doctest/doctest.h>

#include "driver/config.h"
#include "driver/laf_compilers.h"

#include <unistd.h>
#include <filesystem>
#include <fstream>

using namespace cxxtest::driver;
using cxxtest::Expected;

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
  CHECK(unknown.error() ==
        "cxxtest.toml:4:3: unknown key \"complier\" in [build] (want compiler, c_compiler, std, c_std, "
        "compile_commands, include_dirs, defines, flags, cflags, cxxflags, ldflags, libs, pkg_config)");

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

TEST_CASE("C keys, link flags, compile_commands and package-level keys") {
  auto c = parse(
      "[module]\nname = \"m\"\nexclude = [\"tools/**\"]\n"
      "[build]\nc_compiler = \"gcc\"\nc_std = \"c99\"\ncflags = [\"-fwrapv\"]\ncxxflags = [\"-fno-rtti\"]\n"
      "ldflags = [\"-L/opt/x\"]\ncompile_commands = \"build/compile_commands.json\"\n"
      "[package.\"src\"]\nheaders = [\"include/lib\"]\nexclude = [\"main.c\"]\n");
  REQUIRE(c.ok());
  CHECK(c->build.c_compiler == "gcc");
  CHECK(c->build.c_std == "c99");
  CHECK(c->build.cflags == std::vector<std::string>{"-fwrapv"});
  CHECK(c->build.cxxflags == std::vector<std::string>{"-fno-rtti"});
  CHECK(c->build.ldflags == std::vector<std::string>{"-L/opt/x"});
  CHECK(c->build.compile_commands == "build/compile_commands.json");
  CHECK(c->for_package("src").headers == std::vector<std::string>{"include/lib"});
  CHECK(c->excluded("tools/gen.c"));
  CHECK(c->excluded("tools"));
  CHECK(c->excluded("src/main.c"));
  CHECK_FALSE(c->excluded("src/lib.c"));
  CHECK_FALSE(c->excluded("main.c"));
  CHECK(parse("[module]\nname = \"m\"\n")->build.c_compiler == "clang");
}

TEST_CASE("package-only keys are refused in [build]; standards are checked") {
  CHECK(parse("[module]\nname = \"m\"\n[build]\nexclude = [\"x\"]\n").error() ==
        "cxxtest.toml:4:1: unknown key \"exclude\" in [build] (it belongs in a [package.\"dir\"] table, or "
        "[module] for the whole module)");
  CHECK(parse("[module]\nname = \"m\"\n[build]\ndeps = [\"x\"]\n").error() ==
        "cxxtest.toml:4:1: unknown key \"deps\" in [build] (it belongs in a [package.\"dir\"] table)");
  CHECK(parse("[module]\nname = \"m\"\n[package.\"p\"]\nbogus = 1\n")
            .error()
            .find("(want compiler, c_compiler, ") != std::string::npos);
  auto old = parse("[module]\nname = \"m\"\n[build]\nstd = \"c++11\"\n");
  REQUIRE_FALSE(old.ok());
  CHECK(old.error().find("cxxtest.toml:4:7: build.std = \"c++11\" is not supported") == 0);
  CHECK(parse("[module]\nname = \"m\"\n[build]\nc_std = \"c++17\"\n").error().find("is not a C standard") !=
        std::string::npos);
  CHECK(parse("[module]\nname = \"m\"\n[build]\nstd = \"gnu++17\"\n").ok());
}

TEST_CASE("[deps.NAME] tables") {
  auto c = parse(
      "[module]\nname = \"m\"\n"
      "[deps.cares]\nsource = \"../c-ares\"\nbuild = \"autotools\"\noptions = [\"--disable-tests\"]\n"
      "link = [\"-lresolv\"]\nlink_only = true\nwhole_archive = false\nnoinstrument = "
      "[\"src/third_party/**\"]\n"
      "[deps.yaml]\nsource = \"/src/yaml-cpp\"\ntargets = [\"yaml-cpp\"]\n"
      "[package.\"fuzz\"]\ndeps = [\"yaml\"]\n");
  REQUIRE(c.ok());
  REQUIRE(c->deps.size() == 2);
  CHECK(c->deps[0].name == "cares");
  CHECK(c->deps[0].source == "/c-ares");
  CHECK(c->deps[0].build == "autotools");
  CHECK(c->deps[0].options == std::vector<std::string>{"--disable-tests"});
  CHECK(c->deps[0].link == std::vector<std::string>{"-lresolv"});
  CHECK(c->deps[0].link_only);
  CHECK_FALSE(c->deps[1].link_only);
  CHECK_FALSE(c->deps[0].whole_archive);
  CHECK(c->deps[0].noinstrument == std::vector<std::string>{"src/third_party/**"});
  CHECK(c->deps[1].noinstrument.empty());
  CHECK(c->deps[0].where == "cxxtest.toml:3:1");
  CHECK(c->deps[1].source == "/src/yaml-cpp");
  CHECK(c->deps[1].build.empty());
  CHECK(c->deps[1].whole_archive);
  CHECK(c->for_package("fuzz").deps == std::vector<std::string>{"yaml"});

  CHECK(parse("[module]\nname = \"m\"\n[deps.x]\nbuild = \"cmake\"\n").error().find("needs source") !=
        std::string::npos);
  CHECK(parse("[module]\nname = \"m\"\n[deps.x]\nsource = \"a\"\nbuild = \"scons\"\n")
            .error()
            .find("want cmake, autotools, meson, make or command") != std::string::npos);
  CHECK(parse("[module]\nname = \"m\"\n[deps.x]\nsource = \"a\"\nbogus = 1\n")
            .error()
            .find("unknown key \"bogus\" in [deps.x]") != std::string::npos);
  CHECK(parse("[module]\nname = \"m\"\n[package.\"p\"]\ndeps = [\"nope\"]\n").error() ==
        "cxxtest.toml:4:8: [package.\"p\"] deps names \"nope\", which has no [deps.nope] table");
  // A command with another build would be left out without a word.
  CHECK(parse("[module]\nname = \"m\"\n[deps.x]\nsource = \"a\"\nbuild = \"cmake\"\ncommand = \"./b.sh\"\n")
            .error()
            .find("cxxtest.toml:3:1: [deps.x] has a command but build = \"cmake\"") != std::string::npos);
  auto command = parse("[module]\nname = \"m\"\n[deps.x]\nsource = \"a\"\ncommand = \"./b.sh\"\n");
  REQUIRE(command.ok());
  CHECK(command->deps[0].build == "command");
}

TEST_CASE("[deps] keep the file's order, not their names' order") {
  // libvorbis needs libogg: listed first, built first, whatever the names.
  auto c = parse(
      "[module]\nname = \"m\"\n"
      "[deps.zlib]\nsource = \"z\"\n"
      "[deps.png]\nsource = \"png\"\n"
      "[deps.freetype]\nsource = \"ft\"\n");
  REQUIRE(c.ok());
  REQUIRE(c->deps.size() == 3);
  CHECK(c->deps[0].name == "zlib");
  CHECK(c->deps[1].name == "png");
  CHECK(c->deps[2].name == "freetype");
  auto inline_deps =
      parse("deps = { ogg = { source = \"o\" }, a = { source = \"a\" } }\n[module]\nname = \"m\"\n");
  REQUIRE(inline_deps.ok());
  REQUIRE(inline_deps->deps.size() == 2);
  CHECK(inline_deps->deps[0].name == "ogg");
  CHECK(inline_deps->deps[1].name == "a");
}

TEST_CASE("module names follow Go's module path rules, so cache paths stay inside the cache") {
  auto name = [](const std::string& n) { return parse("[module]\nname = \"" + n + "\"\n"); };
  CHECK(name("example.com/calc").ok());
  CHECK(name("calc").ok());
  CHECK(name("github.com/a-b/c_d~e.v2").ok());
  CHECK(name("a/../../../../x").error().find("element \"..\" begins or ends with '.'") != std::string::npos);
  CHECK(name("/abs").error().find("must not begin with '/'") != std::string::npos);
  CHECK(name("a//b").error().find("empty path element") != std::string::npos);
  CHECK(name("a/").error().find("empty path element") != std::string::npos);
  CHECK(name("a b").error().find("holds ' '") != std::string::npos);
  CHECK(name("a/../b").error().find("cxxtest.toml:2:8: module.name") == 0);
}

TEST_CASE("a line break in any value is refused where it is written") {
  auto c = parse("[module]\nname = \"m\"\n[build]\ndefines = [\"A=1\\nrule x\"]\n");
  REQUIRE_FALSE(c.ok());
  CHECK(c.error() ==
        "cxxtest.toml:4:12: build.defines must not contain a line break or other control character");
}

TEST_CASE("globs with what the matcher does not know are refused; locations are kept") {
  CHECK(parse("[module]\nname = \"m\"\n[fuzz]\nnoinstrument = [\"ok/**\", \"[abc\"]\n").error() ==
        "cxxtest.toml:4:26: fuzz.noinstrument: \"[abc\": character classes, braces and escapes are not "
        "supported in "
        "globs (use *, ** and ?)");
  auto c =
      parse("[module]\nname = \"m\"\n[build]\ncompiler = \"clang++-99\"\n[package.\"p\"]\nstd = \"c++17\"\n");
  REQUIRE(c.ok());
  CHECK(c->location_of("build.compiler") == "cxxtest.toml:4:12");
  CHECK(c->location_of("package.p") == "cxxtest.toml:5:10");
  CHECK(c->location_of("build.std") == "cxxtest.toml");
}

TEST_CASE("a clang++-N compiler brings clang-N for C files when it is installed") {
  namespace fs = std::filesystem;
  fs::path bin = fs::temp_directory_path() / ("cxxtest-config-test-" + std::to_string(getpid()));
  fs::create_directories(bin);
  for (const char* name : {"clang++-77", "clang-77", "clang++-88"}) {
    std::ofstream(bin / name) << "#!/bin/sh\n";
    fs::permissions(bin / name, fs::perms::owner_all);
  }
  CHECK(c_compiler_beside((bin / "clang++-77").string()) == (bin / "clang-77").string());
  CHECK(c_compiler_beside((bin / "clang++-88").string()) == "clang");  // no clang-88
  CHECK(c_compiler_beside("clang++") == "clang");
  CHECK(c_compiler_beside("g++") == "clang");
  auto c = parse("[module]\nname = \"m\"\n[build]\ncompiler = \"" + (bin / "clang++-77").string() + "\"\n");
  REQUIRE(c.ok());
  CHECK(c->build.c_compiler == (bin / "clang-77").string());
  auto set = parse("[module]\nname = \"m\"\n[build]\ncompiler = \"" + (bin / "clang++-77").string() +
                   "\"\nc_compiler = \"clang\"\n");
  REQUIRE(set.ok());
  CHECK(set->build.c_compiler == "clang");
  fs::remove_all(bin);
}

TEST_CASE("a compiler's -dumpversion gives its major version") {
  CHECK(dumpversion_major("16.0.6\n") == 16);
  CHECK(dumpversion_major("14\n") == 14);
  CHECK(dumpversion_major(" 17.0.0git") == 17);
  CHECK(dumpversion_major("") == -1);
  CHECK(dumpversion_major("clang version 16") == -1);
  CHECK(dumpversion_major("123456.1") == -1);
}
