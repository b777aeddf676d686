#include "runner/match.h"

#include <algorithm>
#include <vector>

namespace cxxtest::script {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

bool spans_lines(const std::string& pattern) {
  return pattern.find('\n') != std::string::npos || pattern.find("\\n") != std::string::npos;
}

struct Edit {
  char op;  // ' ' both, '-' want only, '+' got only
  std::string line;
};

// Longest-common-subsequence edit script; quadratic, fine for test output.
std::vector<Edit> edit_script(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<Edit> edits;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) edits.push_back({' ', a[i++]}), ++j;
    else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) edits.push_back({'+', b[j++]});
    else edits.push_back({'-', a[i++]});
  }
  return edits;
}

}  // namespace

std::optional<std::regex> compile_regex(const std::string& pattern, std::string& error) {
  try {
    return std::regex(pattern, std::regex::ECMAScript | std::regex::multiline);
  } catch (const std::regex_error& e) {
    error = "invalid regular expression `" + pattern + "`: " + e.what();
    return std::nullopt;
  }
}

int count_matches(const std::regex& re, const std::string& pattern, const std::string& text,
                  std::string* first) {
  int count = 0;
  if (spans_lines(pattern)) {
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
      if (count++ == 0 && first) *first = it->str();
    }
    return count;
  }
  for (const std::string& line : split_lines(text)) {
    if (!std::regex_search(line, re)) continue;
    if (count++ == 0 && first) *first = line;
  }
  return count;
}

std::string line_diff(const std::string& want_name, const std::string& want, const std::string& got_name,
                      const std::string& got) {
  if (want == got) return "";
  auto a = split_lines(want), b = split_lines(got);
  if (a.size() * b.size() > 4'000'000)
    return "--- " + want_name + "\n+++ " + got_name + "\n(too long to diff)\n";
  std::vector<Edit> edits = edit_script(a, b);
  std::vector<bool> show(edits.size(), false);
  for (size_t k = 0; k < edits.size(); ++k) {
    if (edits[k].op == ' ') continue;
    for (size_t c = k >= 3 ? k - 3 : 0; c < std::min(edits.size(), k + 4); ++c) show[c] = true;
  }
  std::string out = "--- " + want_name + "\n+++ " + got_name + "\n";
  for (size_t k = 0; k < edits.size(); ++k) {
    if (!show[k]) continue;
    if (k > 0 && !show[k - 1] && out.back() == '\n') out += "...\n";
    out += edits[k].op + edits[k].line + "\n";
  }
  if (!want.empty() && !got.empty() && (want.back() == '\n') != (got.back() == '\n'))
    out += "(one side has no final newline)\n";
  return out;
}

}  // namespace cxxtest::script
