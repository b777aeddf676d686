// fuzz/source_ops.h: byte mutations that draw on outside material: tokens
// of a dictionary (later: operands of recent comparisons) and splicing with
// another corpus entry's value. Same contract as byte_ops.h: edit in place
// and return true, or return false having changed nothing; never grow past
// `max`; the draws of each op are listed in brackets (n = s.size(),
// m = other.size(), t = the token).
//
// `token` and `other` must not point into `s`.
#pragma once

#include "fuzz/byte_ops.h"

#include <string_view>

namespace cxxtest::fuzz::ops {

// 19 DictInsert [pos=below(n+1)]: inserts the token at pos. Needs |t| >= 1.
template <class R>
inline bool dict_insert(R& r, std::string& s, size_t max, std::string_view token) {
  uint32_t n = size32(s);
  if (token.empty() || n + token.size() > max) return false;
  s.insert(r.below(n + 1), token);
  return true;
}

// 20 DictOverwrite [pos=below(n-|t|+1)]: writes the token over s[pos, pos+|t|). Needs 1 <= |t| <= n.
template <class R>
inline bool dict_overwrite(R& r, std::string& s, std::string_view token) {
  uint32_t n = size32(s);
  if (token.empty() || token.size() > n) return false;
  uint32_t pos = r.below(n - static_cast<uint32_t>(token.size()) + 1);
  std::memcpy(s.data() + pos, token.data(), token.size());
  return true;
}

// 21 SpliceInsert [src=below(m), k=len(m-src), pos=below(n+1)]: inserts other[src, src+k) at pos. m >= 1.
template <class R>
inline bool splice_insert(R& r, std::string& s, size_t max, std::string_view other) {
  uint32_t m = static_cast<uint32_t>(other.size());
  if (m == 0) return false;
  uint32_t src = r.below(m);
  uint32_t k = choose_len(r, m - src);
  return insert_copy(r, s, max, other.data() + src, k);
}

// 22 SpliceCrossover [cut=below(n+1), from=below(m)]: s becomes s[0, cut) + other[from, m)
// (AFL's splice: our head, their tail). m >= 1.
template <class R>
inline bool splice_crossover(R& r, std::string& s, size_t max, std::string_view other) {
  uint32_t m = static_cast<uint32_t>(other.size());
  if (m == 0) return false;
  uint32_t cut = r.below(size32(s) + 1);
  uint32_t from = r.below(m);
  if (cut + size_t{m - from} > max) return false;
  s.replace(cut, std::string::npos, other.data() + from, m - from);
  return true;
}

// 24 SplicePart [src=below(m), k=below(m-src)+1, pos=below(n+1)]: inserts other[src, src+k) at pos,
// k uniform up to the rest of other (SpliceInsert's k is mostly short). m >= 1.
template <class R>
inline bool splice_part(R& r, std::string& s, size_t max, std::string_view other) {
  uint32_t m = static_cast<uint32_t>(other.size());
  if (m == 0) return false;
  uint32_t src = r.below(m);
  uint32_t k = r.below(m - src) + 1;
  return insert_copy(r, s, max, other.data() + src, k);
}

// 25 CmpReplace [start=below(n)]: the pair's `from` (one operand of a
// comparison the target made) is searched in s from start on, wrapping
// around, and its first occurrence replaced by `to` (the other operand):
// the input-to-state step of libFuzzer's TORC and AFL++'s RedQueen, which
// puts a compared magic value where the input had the value it was compared
// with. Needs 1 <= |from| <= n and from != to.
template <class R>
inline bool cmp_replace(R& r, std::string& s, size_t max, std::string_view from, std::string_view to) {
  uint32_t n = size32(s);
  if (from.empty() || from.size() > n || from == to) return false;
  uint32_t start = r.below(n);
  std::string_view all(s);
  size_t at = all.find(from, start);
  if (at == std::string_view::npos) at = all.substr(0, start + from.size() - 1).find(from);
  if (at == std::string_view::npos) return false;
  if (n - from.size() + to.size() > max) return false;
  s.replace(at, from.size(), to);
  return true;
}

}  // namespace cxxtest::fuzz::ops
