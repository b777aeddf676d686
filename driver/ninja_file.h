// Writes a plan as build.ninja (and the generated mains) into the build dir.
// Files are only rewritten when their text changes, so ninja sees nothing new
// on a no-op run.
#pragma once

#include <string>

#include "common/expected.h"
#include "driver/plan.h"

namespace cxxtest::driver {

// The text of build.ninja for `plan`. Objects get depfiles (deps = gcc) so
// header edits rebuild exactly the objects that include them; links write
// to a temp file and rename, so a killed link never leaves a torn binary.
std::string ninja_text(const Plan& plan);

// Writes build.ninja and every generated main whose text changed.
Expected<bool> write_build_files(const Plan& plan);

// Escapes a path for a ninja build line ("$ ", "$:", "$$").
std::string ninja_escape(const std::string& s);

}  // namespace cxxtest::driver
