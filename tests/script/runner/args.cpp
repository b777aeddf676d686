#include "runner/args.h"

#include <cctype>

namespace cxxtest::script {
namespace {

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string lookup(const Env& env, const std::string& name, bool regex) {
  auto it = env.find(name);
  if (it == env.end()) return "";
  return regex ? regex_escape(it->second) : it->second;
}

}  // namespace

std::string regex_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string expand_vars(const std::string& text, const Env& env, bool regex) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '$' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    if (text[i + 1] == '{') {
      size_t close = text.find('}', i + 2);
      if (close != std::string::npos && close > i + 2) {
        out += lookup(env, text.substr(i + 2, close - i - 2), regex);
        i = close;
        continue;
      }
    } else if (name_start(text[i + 1])) {
      size_t end = i + 1;
      while (end < text.size() && name_char(text[end])) ++end;
      out += lookup(env, text.substr(i + 1, end - i - 1), regex);
      i = end - 1;
      continue;
    }
    out += '$';
  }
  return out;
}

std::string Args::expand(size_t i, bool regex) const {
  std::string out;
  for (const Segment& seg : words_[i]) out += seg.quoted ? seg.text : expand_vars(seg.text, env_, regex);
  return out;
}

std::vector<std::string> Args::strs(size_t from) const {
  std::vector<std::string> out;
  for (size_t i = from; i < size(); ++i) out.push_back(str(i));
  return out;
}

}  // namespace cxxtest::script
