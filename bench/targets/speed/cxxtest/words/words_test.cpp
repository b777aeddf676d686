#include <cxxtest/cxxtest.h>

#include <string>
#include <string_view>

#include "words/words.h"

void TestTop(cxxtest::T& t) {
  auto c = words::top("b a, B! c a b");
  if (c.size() != 3 || c[0].word != "b" || c[0].n != 3 || c[1].word != "a" || c[2].word != "c")
    t.Errorf("top = %zu words, first %s", c.size(), c.empty() ? "" : c[0].word.c_str());
}

// The allocating target: never fails, so a run measures the engine.
void FuzzWords(cxxtest::F& f) {
  f.Add(std::string("the quick brown fox jumps over the lazy dog"));
  f.Fuzz([](cxxtest::T& t, std::string_view text) {
    auto c = words::top(text);
    if (!c.empty() && c[0].n <= 0) t.Fatalf("count %d", c[0].n);
  });
}
