// words.h: the "allocates" target of bench/run: a word-frequency count.
//
// Mirrors bench/targets/speed/go/words/words.go. Each call allocates: one
// std::string per word, a hash map of counts and a sorted vector.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace words {

struct Count {
  std::string word;
  int n = 0;
};

// The words of text (runs of ASCII letters and digits, lower-cased) with
// their counts, most frequent first, ties in byte order.
std::vector<Count> top(std::string_view text);

}  // namespace words
