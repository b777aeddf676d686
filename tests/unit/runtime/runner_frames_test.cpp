// runner_frames_test.cpp: the runtime's cut of a stack at the runner's
// frames (crash/exceptions.h without_runner_frames).
#include <doctest/doctest.h>

#include <string>

#include "crash/exceptions.h"

using cxxtest::runtime::without_runner_frames;
using cxxtest::runtime::without_runner_frames_or_whole;

TEST_CASE("a stack ends above cxxtest's runner and the std::function plumbing just above it") {
  std::string stack =
      "    #0 0x55 in parse /src/p.c:3:1\n"
      "    #1 0x56 in FuzzP(cxxtest::F&)::$_0::operator()(cxxtest::T&, std::string_view) const "
      "p_test.cpp:9:3\n"
      "    #2 0x57 in std::_Function_handler<void ()>::_M_invoke(std::_Any_data const&) "
      "std_function.h:290:9\n"
      "    #3 0x58 in void cxxtest::internal::invoke_with<int>(int&) fuzz_function.h:137:3\n";
  std::string kept = without_runner_frames(stack);
  CHECK(kept.find("#1 0x56 in FuzzP") != std::string::npos);
  CHECK(kept.find("_Function_handler") == std::string::npos);
  CHECK(kept.find("invoke_with") == std::string::npos);
}

TEST_CASE("an allocation stack of the fuzz input's copy ends in one line that says so") {
  std::string stack =
      "    #0 0x60 in operator new[](unsigned long) (/m/a.test+0xf4b3d)\n"
      "    #1 0x61 in cxxtest::internal::ExactArg<std::span<unsigned char const, 18446744073709551615ul> "
      ">::copy(cxxtest::Value const&) fuzz_function.h:80:5\n"
      "    #2 0x62 in void cxxtest::internal::invoke_with<int>(int&) fuzz_function.h:137:3\n";
  std::string kept = without_runner_frames(stack);
  CHECK(kept ==
        "    #0 0x60 in operator new[](unsigned long) (/m/a.test+0xf4b3d)\n"
        "    (the fuzz input: cxxtest copies a view argument's bytes into a heap block of exactly their "
        "size, so a "
        "read past its end is caught)\n");
}

TEST_CASE("a stack of the runner's frames only is kept whole") {
  std::string stack = "    #0 0x58 in void cxxtest::internal::invoke_with<int>(int&) fuzz_function.h:137:3\n";
  CHECK(without_runner_frames_or_whole(stack) == stack);
}
