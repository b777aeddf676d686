#include <cxxtest/cxxtest.h>

#include <string>

#include "expr/eval.h"

void TestEvalPrecedence(cxxtest::T& t) {
  auto v = calc::eval("2 + 3 * 4");
  if (!v || *v != 14) t.Errorf("eval(\"2 + 3 * 4\") = %lld, want 14", v.value_or(-1));
}

void TestEvalParens(cxxtest::T& t) {
  auto v = calc::eval("(2 + 3) * 4");
  if (!v || *v != 20) t.Errorf("eval(\"(2 + 3) * 4\") = %lld, want 20", v.value_or(-1));
}

void TestEvalDivideByZero(cxxtest::T& t) {
  if (calc::eval("1 / 0")) t.Errorf("eval(\"1 / 0\") succeeded");
}

// Every expression that evaluates must evaluate to the same value when
// wrapped in parentheses.
void FuzzEval(cxxtest::F& f) {
  f.Add(std::string("1 + 2"));
  f.Add(std::string("(4 * 5) - 6"));
  f.Fuzz([](cxxtest::T& t, std::string_view text) {
    auto plain = calc::eval(text);
    auto wrapped = calc::eval("(" + std::string(text) + ")");
    if (plain && (!wrapped || *wrapped != *plain))
      t.Fatalf("eval(%s) = %lld but eval of it in parentheses differs", std::string(text).c_str(), *plain);
  });
}
