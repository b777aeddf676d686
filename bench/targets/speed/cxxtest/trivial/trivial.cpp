// trivial.cpp: see trivial.h.
#include "trivial/trivial.h"

namespace trivial {

int first(std::string_view s) { return s.empty() ? 0 : static_cast<unsigned char>(s[0]); }

}  // namespace trivial
