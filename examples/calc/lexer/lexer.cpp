#include "lexer/lexer.h"

#include <cctype>

namespace calc {

std::vector<Token> lex(std::string_view text) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      long long v = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && v < 100000000000LL)
        v = v * 10 + (text[i++] - '0');
      out.push_back({TokenKind::Number, v});
      continue;
    }
    TokenKind k = TokenKind::Invalid;
    switch (c) {
      case '+': k = TokenKind::Plus; break;
      case '-': k = TokenKind::Minus; break;
      case '*': k = TokenKind::Star; break;
      case '/': k = TokenKind::Slash; break;
      case '(': k = TokenKind::LParen; break;
      case ')': k = TokenKind::RParen; break;
    }
    out.push_back({k});
    ++i;
  }
  out.push_back({TokenKind::End});
  return out;
}

}  // namespace calc
