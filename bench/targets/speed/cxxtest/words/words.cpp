// words.cpp: see words.h.
#include "words/words.h"

#include <algorithm>
#include <unordered_map>

namespace words {
namespace {

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// The lower-cased words of text, in order.
std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (is_word_char(c)) {
      cur += lower(c);
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur = std::string();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

}  // namespace

std::vector<Count> top(std::string_view text) {
  std::unordered_map<std::string, int> counts;
  for (auto& w : split(text)) counts[std::move(w)]++;
  std::vector<Count> out;
  out.reserve(counts.size());
  for (auto& [w, n] : counts) out.push_back({w, n});
  std::sort(out.begin(), out.end(),
            [](const Count& a, const Count& b) { return a.n != b.n ? a.n > b.n : a.word < b.word; });
  return out;
}

}  // namespace words
