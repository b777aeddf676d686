// Header-only mode: fmt's implementation is compiled (and instrumented) here.
#define FMT_HEADER_ONLY
#include "fmt_lib/fmt_lib.h"

#include <fmt/format.h>

namespace fmt_lib {

namespace {

// long_number: whether `in` has more than 4 decimal digits in a row.
bool long_number(std::string_view in) {
  int run = 0;
  for (char c : in) {
    run = (c >= '0' && c <= '9') ? run + 1 : 0;
    if (run > 4) return true;
  }
  return false;
}

}  // namespace

int run(std::string_view in) {
  if (in.size() > 4096 || long_number(in)) return 0;
  int i = 42;
  double d = -1.5;
  const char* s = "abc";
  char c = 'x';
  bool b = true;
  long long ll = 1234567890123LL;
  try {
    return static_cast<int>(fmt::vformat(in, fmt::make_format_args(i, d, s, c, b, ll)).size());
  } catch (const fmt::format_error&) {
    return -1;
  }
}

}  // namespace fmt_lib
