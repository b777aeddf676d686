// config.cpp: see config.h.
#include "config.h"

namespace cxxtest::runtime {
namespace {

Flags& the_flags() {
  static Flags f;
  return f;
}

}  // namespace

const Flags& flags() { return the_flags(); }
void set_flags(const Flags& f) { the_flags() = f; }

}  // namespace cxxtest::runtime
