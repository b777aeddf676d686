// trivial.h: the "trivial" target of bench/run: it reads one byte, so a run
// measures the engine's own cost per execution.
#pragma once

#include <string_view>

namespace trivial {

// Returns the first byte, or 0 for empty input.
int first(std::string_view s);

}  // namespace trivial
