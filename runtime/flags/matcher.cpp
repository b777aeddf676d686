// flags/matcher.cpp: a port of Go's testing/match.go (see matcher.h).
#include "matcher.h"

#include <re2/re2.h>

#include <cstdio>
#include <utility>

namespace cxxtest::runtime {
namespace {

std::vector<std::string> split_levels(std::string_view name) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= name.size(); ++i) {
    if (i == name.size() || name[i] == '/') {
      out.emplace_back(name.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

// Go's simpleMatch.matches: ok when every level present in both matches.
bool matches(const LevelPatterns& p, const std::vector<std::string>& levels, bool& partial) {
  for (size_t i = 0; i < levels.size() && i < p.regexps.size(); ++i) {
    if (!p.regexps[i].search(levels[i])) return false;
  }
  partial = levels.size() < p.regexps.size();
  return true;
}

// Go's alternationMatch.matches (a missing -run pattern matches everything,
// a missing -skip pattern nothing; the caller handles those).
bool matches(const Filter& f, const std::vector<std::string>& levels, bool& partial) {
  for (const LevelPatterns& p : f.alternatives) {
    if (matches(p, levels, partial)) return true;
  }
  partial = false;
  return false;
}

bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Go's regexp/syntax ErrorCode text for RE2's code of the same meaning.
const char* go_error_text(re2::RE2::ErrorCode code) {
  switch (code) {
    case re2::RE2::ErrorBadEscape: return "invalid escape sequence";
    case re2::RE2::ErrorBadCharClass: return "invalid character class";
    case re2::RE2::ErrorBadCharRange: return "invalid character class range";
    case re2::RE2::ErrorMissingBracket: return "missing closing ]";
    case re2::RE2::ErrorMissingParen: return "missing closing )";
    case re2::RE2::ErrorUnexpectedParen: return "unexpected )";
    case re2::RE2::ErrorTrailingBackslash: return "trailing backslash at end of expression";
    case re2::RE2::ErrorRepeatArgument: return "missing argument to repetition operator";
    case re2::RE2::ErrorRepeatSize: return "invalid repeat count";
    case re2::RE2::ErrorRepeatOp: return "invalid nested repetition operator";
    case re2::RE2::ErrorBadPerlOp: return "invalid or unsupported Perl syntax";
    case re2::RE2::ErrorBadUTF8: return "invalid UTF-8";
    case re2::RE2::ErrorBadNamedCapture: return "invalid named capture";
    case re2::RE2::ErrorPatternTooLarge: return "expression too large";
    default: return nullptr;
  }
}

}  // namespace

std::optional<Regexp> Regexp::compile(std::string_view pattern, std::string& error) {
  re2::RE2::Options options;
  options.set_log_errors(false);  // the caller reports, once
  auto re = std::make_shared<const re2::RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (!re->ok()) {
    const char* text = go_error_text(re->error_code());
    error = text ? "error parsing regexp: " + std::string(text) + ": `" + re->error_arg() + "`" : re->error();
    return std::nullopt;
  }
  Regexp out;
  out.re_ = std::move(re);
  return out;
}

bool Regexp::search(std::string_view s) const {
  return re2::RE2::PartialMatch(re2::StringPiece(s.data(), s.size()), *re_);
}

std::vector<std::vector<std::string>> split_pattern(std::string_view s) {
  std::vector<std::vector<std::string>> alternatives;
  std::vector<std::string> levels;
  int brackets = 0, parens = 0;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '[') {
      ++brackets;
    } else if (c == ']') {
      if (--brackets < 0) brackets = 0;  // an unmatched ']' is legal
    } else if (c == '(' && brackets == 0) {
      ++parens;
    } else if (c == ')' && brackets == 0) {
      --parens;
    } else if (c == '\\') {
      ++i;
    } else if ((c == '/' || c == '|') && brackets == 0 && parens == 0) {
      levels.emplace_back(s.substr(0, i));
      s = s.substr(i + 1);
      i = 0;
      if (c == '|') alternatives.push_back(std::exchange(levels, {}));
      continue;
    }
    ++i;
  }
  levels.emplace_back(s);
  alternatives.push_back(std::move(levels));
  return alternatives;
}

std::string rewrite_name(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (is_space(c)) {
      out += '_';
    } else if (c == '\a') {
      out += "\\a";
    } else if (c == '\b') {
      out += "\\b";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out;
}

bool compile_filter(std::string_view pattern, const char* flag_name, Filter& out, std::string& error) {
  out.alternatives.clear();
  if (pattern.empty()) return true;
  for (const auto& levels : split_pattern(pattern)) {
    LevelPatterns p;
    for (size_t i = 0; i < levels.size(); ++i) {
      p.sources.push_back(rewrite_name(levels[i]));
      std::string why;
      std::optional<Regexp> re = Regexp::compile(p.sources.back(), why);
      if (!re) {
        error = "testing: invalid regexp for element " + std::to_string(i) + " of " + flag_name + " (\"" +
                p.sources.back() + "\"): " + why;
        return false;
      }
      p.regexps.push_back(std::move(*re));
    }
    out.alternatives.push_back(std::move(p));
  }
  return true;
}

std::string Matcher::unique(const std::string& parent, const std::string& subname) {
  std::string name = parent + "/" + subname;
  bool empty = subname.empty();
  for (;;) {
    auto it = sub_names_.find(name);
    if (!empty && it == sub_names_.end()) {
      sub_names_[name] = 1;
      return name;
    }
    int next = it == sub_names_.end() ? 0 : it->second;
    sub_names_[name] = next + 1;
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "#%02d", next);
    name += suffix;
    empty = false;
  }
}

Matcher::Match Matcher::full_name(const std::string* parent, std::string_view subname) {
  Match m;
  {
    std::lock_guard lock(mu_);
    m.name = parent ? unique(*parent, rewrite_name(subname)) : std::string(subname);
  }
  std::vector<std::string> levels = split_levels(m.name);
  if (!run_.alternatives.empty() && !matches(run_, levels, m.partial)) return m;
  bool skip_partial = false;
  if (!skip_.alternatives.empty() && matches(skip_, levels, skip_partial) && !skip_partial) {
    m.partial = false;
    return m;
  }
  m.ok = true;
  return m;
}

}  // namespace cxxtest::runtime
