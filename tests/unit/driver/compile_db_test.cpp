#include <doctest/doctest.h>

#include "driver/compile_db.h"

using namespace cxxtest::driver;

TEST_CASE("command strings split like the shell") {
  CHECK(split_command("cc -DA='x y' \"-I/a b\" -c f.c") ==
        std::vector<std::string>{"cc", "-DA=x y", "-I/a b", "-c", "f.c"});
  CHECK(split_command("cc -DQ=\\\"v\\\"") == std::vector<std::string>{"cc", "-DQ=\"v\""});
}

TEST_CASE("only the flags that shape the code are kept, paths made absolute") {
  std::string std_flag;
  auto kept = kept_compile_flags({"/usr/bin/c++",
                                  "-Iinc",
                                  "-isystem",
                                  "third/x",
                                  "-DYAML_CPP_STATIC_DEFINE",
                                  "-D",
                                  "N=1",
                                  "-O2",
                                  "-g",
                                  "-Wall",
                                  "-Werror",
                                  "-std=c++11",
                                  "-MD",
                                  "-MF",
                                  "a.d",
                                  "-o",
                                  "a.o",
                                  "-c",
                                  "src/a.cpp",
                                  "-fno-rtti",
                                  "-fsanitize=address",
                                  "-flto",
                                  "-msse4.2",
                                  "-pthread",
                                  "-include",
                                  "config.h"},
                                 "/proj/build", &std_flag);
  CHECK(kept == std::vector<std::string>{"-I/proj/build/inc", "-isystem", "/proj/build/third/x",
                                         "-DYAML_CPP_STATIC_DEFINE", "-D", "N=1", "-fno-rtti", "-msse4.2",
                                         "-pthread", "-include", "/proj/build/config.h"});
  CHECK(std_flag == "-std=c++11");
}

TEST_CASE("a file without an entry takes its nearest neighbour's flags, never its standard") {
  auto db = CompileDb::parse(R"([
    {"directory": "/p/build", "file": "/p/src/a.cpp", "arguments": ["c++", "-std=c++14", "-I/p/include", "-c", "/p/src/a.cpp"]},
    {"directory": "/p/build", "file": "../util/u.c", "command": "cc -D_FILE_OFFSET_BITS=64 -c ../util/u.c"}
  ])",
                             "/p/build/compile_commands.json");
  REQUIRE(db.ok());
  CHECK(db->size() == 2);
  CHECK(db->has_entry("/p/util/u.c"));
  CHECK(db->flags_for("/p/src/a.cpp") == std::vector<std::string>{"-I/p/include"});
  CHECK(db->std_of("/p/src/a.cpp") == "-std=c++14");
  CHECK(db->flags_for("/p/util/u.c") == std::vector<std::string>{"-D_FILE_OFFSET_BITS=64"});
  CHECK(db->flags_for("/p/src/fuzz/f_test.cpp") == std::vector<std::string>{"-I/p/include"});
  CHECK(db->std_of("/p/src/fuzz/f_test.cpp").empty());
}

TEST_CASE("a broken database is a clear error") {
  CHECK(CompileDb::parse("{", "cc.json").error().find("cc.json: not a compilation database") == 0);
  CHECK(CompileDb::parse(R"([{"file": "a.c"}])", "cc.json").error() ==
        "cc.json: entry 1: needs \"directory\" and \"file\" strings");
}
