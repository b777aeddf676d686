#include <cxxtest/cxxtest.h>

#include "lexer/lexer.h"

void TestLexNumbers(cxxtest::T& t) {
  auto toks = calc::lex("12 + 3");
  if (toks.size() != 4) t.Fatalf("lex(\"12 + 3\") gave %zu tokens, want 4", toks.size());
  if (toks[0].value != 12) t.Errorf("first token = %lld, want 12", toks[0].value);
}

void TestLexInvalid(cxxtest::T& t) {
  auto toks = calc::lex("1 $ 2");
  if (toks[1].kind != calc::TokenKind::Invalid) t.Errorf("'$' was not reported as invalid");
}
