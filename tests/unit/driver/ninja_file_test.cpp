// ninja_file_test.cpp: the build.ninja text (driver/ninja_file.h).
#include <doctest/doctest.h>

#include "driver/ninja_file.h"
#include "driver/plan.h"

using namespace cxxtest::driver;

TEST_CASE("A compile that loads a pass plugin depends on the plugin") {
  Plan plan;
  plan.compiles.push_back({"/m/a.cpp", "obj/a.cpp.o", "clang++", {"-O1", "-fpass-plugin=/p/laf.so"}});
  plan.compiles.push_back({"/m/b.cpp", "obj/b.cpp.o", "clang++", {"-O1"}});
  std::string t = ninja_text(plan);
  CHECK(t.find("build obj/a.cpp.o: cxx /m/a.cpp | /p/laf.so\n") != std::string::npos);
  CHECK(t.find("build obj/b.cpp.o: cxx /m/b.cpp\n") != std::string::npos);
}

TEST_CASE("values are ninja-escaped: a $ in a define reaches the compiler as written") {
  Plan plan;
  plan.compiles.push_back({"/m/a b/x$.cpp", "obj/x.o", "clang++", {"-DPRICE=$5", "-DQ=a b"}});
  std::string t = ninja_text(plan);
  CHECK(t.find("build obj/x.o: cxx /m/a$ b/x$$.cpp\n") != std::string::npos);
  CHECK(t.find("  flags = '-DPRICE=$$5' '-DQ=a b'\n") != std::string::npos);
}
