// crash/runner_frame_names.h: which functions in a stack are cxxtest's
// runner below a test. One rule for the runtime's reports (exceptions.h
// without_runner_frames) and the driver's filter of what a sanitizer
// prints (driver/runner_frames.h). Header-only: the driver includes it.
#pragma once

#include <cctype>
#include <string_view>

namespace cxxtest::runtime {

// Whether `function` (a frame's function name, from its start) is
// cxxtest's: "cxxtest::..." or a template's "void cxxtest::...<...>",
// naming cxxtest before its parameter list. A lambda in a test,
// "TestX(cxxtest::T&)::$_0::...", is not, nor "mycxxtest::f()".
inline bool is_cxxtest_function(std::string_view function) {
  size_t params = function.find('(');
  for (size_t ns = function.find("cxxtest::"); ns < params; ns = function.find("cxxtest::", ns + 1)) {
    char before = ns == 0 ? ' ' : function[ns - 1];
    if (!std::isalnum(static_cast<unsigned char>(before)) && before != '_') return true;
  }
  return false;
}

// Whether `function` copies a fuzz input's view argument into a heap block
// of exactly its size (fuzz_function.h): an allocation stack that reaches
// it allocated the input itself, which kInputCopyNote then says in place
// of cxxtest's dozen template frames.
inline bool is_input_copy(std::string_view function) {
  return function.find("cxxtest::internal::ExactArg<") != std::string_view::npos;
}
inline constexpr std::string_view kInputCopyNote =
    "(the fuzz input: cxxtest copies a view argument's bytes into a heap block of exactly their size, so a "
    "read past its end is caught)";

// Whether `function` is the std::function / std::invoke plumbing through
// which the runner calls a test: dropped with the runner when just above it.
inline bool is_call_plumbing(std::string_view function) {
  for (std::string_view p :
       {"std::_Function_handler<", "std::function<", "std::__invoke", "void std::__invoke"})
    if (function.starts_with(p)) return true;
  return false;
}

// The function a sanitizer's frame line (or write_stack's, symbolize.h,
// which prints the same way) names, " " for a frame without a name, "" for
// a line that is no frame. AddressSanitizer:
// "    #3 0x55d0c1a2b3c4 in Foo(int) /src/foo.cpp:12:3" (or, unnamed,
// "    #5 0x7f..  (libstdc++.so.6+0xd44a2)"); ThreadSanitizer:
// "    #3 Foo(int) /src/foo.cpp:12:3 (x.test+0x1a2b3)".
inline std::string_view sanitizer_frame_function(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '#') return "";
  size_t digits = ++i;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  if (i == digits || i >= line.size() || line[i] != ' ') return "";
  std::string_view rest = line.substr(i + 1);
  if (rest.starts_with("0x")) {
    size_t in = rest.find(" in ");
    if (in == std::string_view::npos) return " ";
    rest = rest.substr(in + 4);
  }
  return rest.empty() ? std::string_view(" ") : rest;
}

}  // namespace cxxtest::runtime
