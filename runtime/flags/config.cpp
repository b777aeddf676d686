// flags/config.cpp: see config.h.
#include "flags/config.h"

namespace cxxtest::runtime {
namespace {

Flags& the_flags() {
  static Flags f;
  return f;
}

std::vector<std::string>& the_args() {
  static std::vector<std::string> args;
  return args;
}

}  // namespace

const Flags& flags() { return the_flags(); }
void set_flags(const Flags& f) { the_flags() = f; }

const std::vector<std::string>& test_args() { return the_args(); }
void set_test_args(std::vector<std::string> args) { the_args() = std::move(args); }

}  // namespace cxxtest::runtime
