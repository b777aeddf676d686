#include "expr/eval.h"

#include <array>
#include <vector>

#include "lexer/lexer.h"

namespace calc {

namespace {

// Recursive descent over the tokens.
class Parser {
 public:
  explicit Parser(std::vector<Token> toks) : toks_(std::move(toks)) {}

  std::optional<long long> parse() {
    auto v = sum();
    if (!v || peek() != TokenKind::End) return std::nullopt;
    return v;
  }

 private:
  TokenKind peek() const { return toks_[pos_].kind; }

  std::optional<long long> sum() {
    auto left = product();
    while (left && (peek() == TokenKind::Plus || peek() == TokenKind::Minus)) {
      bool plus = toks_[pos_++].kind == TokenKind::Plus;
      auto right = product();
      if (!right) return std::nullopt;
      left = plus ? *left + *right : *left - *right;
    }
    return left;
  }

  std::optional<long long> product() {
    auto left = atom();
    while (left && (peek() == TokenKind::Star || peek() == TokenKind::Slash)) {
      bool times = toks_[pos_++].kind == TokenKind::Star;
      auto right = atom();
      if (!right) return std::nullopt;
      if (!times && *right == 0) return std::nullopt;
      left = times ? *left * *right : *left / *right;
    }
    return left;
  }

  std::optional<long long> atom() {
    if (peek() == TokenKind::Number) return toks_[pos_++].value;
    if (peek() == TokenKind::Minus) {
      ++pos_;
      auto v = atom();
      return v ? std::optional<long long>(-*v) : std::nullopt;
    }
    if (peek() == TokenKind::LParen) {
      // Planted bug: open parentheses are remembered in a fixed array of 8,
      // so the ninth nesting level throws std::out_of_range.
      open_.at(depth_++) = pos_++;
      auto v = sum();
      --depth_;
      if (peek() != TokenKind::RParen) return std::nullopt;
      ++pos_;
      return v;
    }
    return std::nullopt;
  }

  std::vector<Token> toks_;
  size_t pos_ = 0;
  std::array<size_t, 8> open_{};  // positions of the open parentheses
  size_t depth_ = 0;
};

}  // namespace

std::optional<long long> eval(std::string_view text) { return Parser(lex(text)).parse(); }

}  // namespace calc
