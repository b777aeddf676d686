#include "fmt_lib/fmt_lib.h"

#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "seeds.h"

void TestFmtFormats(cxxtest::T& t) {
  if (int n = fmt_lib::run("{} {}"); n != 7) t.Errorf("\"{} {}\" made %d chars, want 7 (\"42 -1.5\")", n);
  if (fmt_lib::run("{") != -1) t.Errorf("an unclosed brace was not a format error");
}

// Never fails: a run measures how much of the library the engine reaches.
void FuzzFmtLib(cxxtest::F& f) {
  for (std::string_view s : realcode::fmt_seeds) f.Add(std::string(s));
  f.Fuzz([](cxxtest::T&, std::string_view in) { fmt_lib::run(in); });
}
