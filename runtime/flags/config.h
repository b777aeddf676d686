// flags/config.h: the parsed -test.* flags of this process.
#pragma once

#include "flags/flags.h"

namespace cxxtest::runtime {

// The flags run_main parsed (defaults before that). Set once, before any
// test starts; read-only afterwards.
const Flags& flags();
void set_flags(const Flags& f);

// The arguments after the flags (cxxtest::Args()), set with them.
const std::vector<std::string>& test_args();
void set_test_args(std::vector<std::string> args);

}  // namespace cxxtest::runtime
