// Splits an arithmetic expression into tokens.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace calc {

enum class TokenKind { Number, Plus, Minus, Star, Slash, LParen, RParen, End, Invalid };

struct Token {
  TokenKind kind;
  long long value = 0;  // for Number
};

// Tokens of `text`, ending with End; a character that fits nowhere gives Invalid.
std::vector<Token> lex(std::string_view text);

}  // namespace calc
