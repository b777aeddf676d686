#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "ini/ini.h"

void TestParseCounts(cxxtest::T& t) {
  auto st = ini::parse("; c\n[a.b]\nk = 1\nf = 2.5e3\nb = Yes\nq = \"x\\ty\" ; c\ns = hi\\\n more\nbad\n");
  if (st.sections != 1 || st.keys != 5 || st.comments != 1 || st.errors != 1 || st.max_depth != 2)
    t.Errorf("sections %d keys %d comments %d errors %d depth %d", st.sections, st.keys, st.comments,
             st.errors, st.max_depth);
  if (st.ints != 1 || st.floats != 1 || st.bools != 1 || st.quoted != 1 || st.strings != 1 ||
      st.continuations != 1 || st.first_error_line != 9)
    t.Errorf("ints %d floats %d bools %d quoted %d strings %d cont %d line %d", st.ints, st.floats, st.bools,
             st.quoted, st.strings, st.continuations, st.first_error_line);
}

// The parser target: never fails, so a run measures the engine.
void FuzzIni(cxxtest::F& f) {
  f.Add(std::string("[core]\nname = \"x\"\n"));
  f.Add(std::string("; c\nk = 1\n"));
  f.Fuzz([](cxxtest::T& t, std::string_view text) {
    auto st = ini::parse(text);
    if (st.errors < 0) t.Fatalf("negative error count");
  });
}
