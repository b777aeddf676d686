// fuzz/byte_ops.h: Go's 18 byte-slice mutations of bytes / std::string values,
// and InsertPart (libFuzzer's CopyPart in insert mode).
//
// Each op edits `s` in place and returns true; or returns false, having
// changed nothing, when it does not apply (the value is too short, or it
// would grow past `max`). The mutator then draws another op. An op never
// grows a value past `max`; a value already longer only shrinks or stays.
//
// The draws of each op, in order, are listed in brackets (n = s.size()):
// tests script exactly these. `len(x)` is choose_len(x), two draws.
// Positions are 32-bit: the mutator keeps values below 2 GiB (Go: 100 MiB).
#pragma once

#include "fuzz/rng.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

namespace cxxtest::fuzz::ops {

// Go's "interesting" values: the first 9 are the 8-bit ones, the first 19
// the 16-bit ones, all 27 the 32-bit ones.
inline constexpr int32_t kInteresting[27] = {
    -128,       -1,     0,     1,     16,    32,        64,        100,  127,   -32768,
    -129,       128,    255,   256,   512,   1000,      1024,      4096, 32767, -2147483647 - 1,
    -100663046, -32769, 32768, 65535, 65536, 100663045, 2147483647};
inline constexpr uint32_t kInterestingCount[4] = {9, 19, 0, 27};  // by width-1 (1, 2, 4)

inline uint32_t size32(const std::string& s) { return static_cast<uint32_t>(s.size()); }

// [x=below(100), below(min(c,n))] 1..n, biased small: 90% 1..8, 9% 1..32,
// 1% 1..n (Go's chooseLen). Needs n >= 1.
template <class R>
inline uint32_t choose_len(R& r, uint32_t n) {
  uint32_t x = r.below(100);
  uint32_t cap = x < 90 ? 8 : x < 99 ? 32 : n;
  return r.below(cap < n ? cap : n) + 1;
}

// Fills p[0, k) with random bytes, one next64 per 8 bytes (native order).
template <class R>
inline void fill_random(R& r, char* p, size_t k) {
  for (; k >= 8; p += 8, k -= 8) {
    uint64_t w = r.next64();
    std::memcpy(p, &w, 8);
  }
  if (k != 0) {
    uint64_t w = r.next64();
    std::memcpy(p, &w, k);
  }
}

// An unsigned integer read from / written to p in little- or big-endian order.
template <class U>
inline U swap_if(U v, bool big) {
  if constexpr (sizeof(U) > 1) {
    if (big == (std::endian::native == std::endian::little)) {
      if constexpr (sizeof(U) == 2) v = __builtin_bswap16(v);
      if constexpr (sizeof(U) == 4) v = __builtin_bswap32(v);
      if constexpr (sizeof(U) == 8) v = __builtin_bswap64(v);
    }
  }
  return v;
}
template <class U>
inline U load(const char* p, bool big) {
  U v;
  std::memcpy(&v, p, sizeof v);
  return swap_if(v, big);
}
template <class U>
inline void store(char* p, U v, bool big) {
  v = swap_if(v, big);
  std::memcpy(p, &v, sizeof v);
}

// 1 RemoveChunk [pos=below(n), k=len(n-pos)]: erases s[pos, pos+k). n >= 2.
template <class R>
inline bool remove_chunk(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < 2) return false;
  uint32_t pos = r.below(n);
  uint32_t k = choose_len(r, n - pos);
  s.erase(pos, k);
  return true;
}

// 2 InsertRandom [pos=below(n+1), k=len(1024), next64 per 8 bytes]: inserts k random bytes at pos.
template <class R>
inline bool insert_random(R& r, std::string& s, size_t max) {
  uint32_t n = size32(s);
  uint32_t pos = r.below(n + 1);
  uint32_t k = choose_len(r, 1024);
  if (n + size_t{k} > max) return false;
  s.insert(pos, k, '\0');
  fill_random(r, s.data() + pos, k);
  return true;
}

// The last draw of every op that inserts a copy (DuplicateChunk, InsertPart,
// SpliceInsert, SplicePart): [pos=below(n+1)], then inserts p[0, k) at pos
// unless that grows s past max. p may point into s (std::string copes).
template <class R>
inline bool insert_copy(R& r, std::string& s, size_t max, const char* p, uint32_t k) {
  uint32_t n = size32(s);
  uint32_t pos = r.below(n + 1);
  if (n + size_t{k} > max) return false;
  s.insert(pos, p, k);
  return true;
}

// 3 DuplicateChunk [src=below(n), k=len(n-src), dst=below(n+1)]: inserts a copy of s[src, src+k) at dst. n
// >= 2.
template <class R>
inline bool duplicate_chunk(R& r, std::string& s, size_t max) {
  uint32_t n = size32(s);
  if (n < 2) return false;
  uint32_t src = r.below(n);
  uint32_t k = choose_len(r, n - src);
  return insert_copy(r, s, max, s.data() + src, k);
}

// 4 CopyChunk [src=below(n), dst=below(n-1) skipping src, k=len(n-src)]: copies s[src, src+k) over s[dst,
// ...), cut at the end. n >= 2.
template <class R>
inline bool copy_chunk(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < 2) return false;
  uint32_t src = r.below(n);
  uint32_t dst = r.below(n - 1);
  dst += dst >= src;
  uint32_t k = choose_len(r, n - src);
  if (k > n - dst) k = n - dst;
  std::memmove(s.data() + dst, s.data() + src, k);
  return true;
}

// 5 FlipBit [pos=below(n), bit=below(8)]: flips one bit. n >= 1.
template <class R>
inline bool flip_bit(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n == 0) return false;
  uint32_t pos = r.below(n);
  s[pos] = static_cast<char>(s[pos] ^ (1u << r.below(8)));
  return true;
}

// 6 XorByte [pos=below(n), x=below(255)]: xors one byte with x+1 (never 0). n >= 1.
template <class R>
inline bool xor_byte(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n == 0) return false;
  uint32_t pos = r.below(n);
  s[pos] = static_cast<char>(s[pos] ^ (r.below(255) + 1));
  return true;
}

// 7 SwapBytes [i=below(n), j=below(n-1) skipping i]: swaps two bytes. n >= 2.
template <class R>
inline bool swap_bytes(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < 2) return false;
  uint32_t i = r.below(n);
  uint32_t j = r.below(n - 1);
  j += j >= i;
  std::swap(s[i], s[j]);
  return true;
}

// 8-11 AddSub<U> [pos=below(n-w+1), d=below(35), sub=coin, big=coin if w>1]:
// adds (or subtracts) d+1 to the w-byte integer at pos. n >= w.
template <class U, class R>
inline bool add_sub(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < sizeof(U)) return false;
  char* p = s.data() + r.below(n - sizeof(U) + 1);
  uint32_t step = r.below(35) + 1;
  U d = static_cast<U>(step);
  bool sub = r.coin();
  bool big = sizeof(U) > 1 && r.coin();
  U v = load<U>(p, big);
  store<U>(p, static_cast<U>(sub ? v - d : v + d), big);
  return true;
}

// 12-14 Interesting<U> [pos=below(n-w+1), i=below(9|19|27), big=coin if w>1]:
// overwrites the w bytes at pos with kInteresting[i]. n >= w.
template <class U, class R>
inline bool interesting(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < sizeof(U)) return false;
  char* p = s.data() + r.below(n - sizeof(U) + 1);
  U v = static_cast<U>(kInteresting[r.below(kInterestingCount[sizeof(U) - 1])]);
  bool big = sizeof(U) > 1 && r.coin();
  store<U>(p, v, big);
  return true;
}

// [x=below(4), then c=below(256) when x >= 2] The byte of a repeated run:
// 0x00 or 0xff half the time (libFuzzer's InsertRepeatedBytes), as runs of
// them make the carries and borrows of multi-word arithmetic (bignums,
// checksums) go the whole length; else any byte. Go draws any byte.
template <class R>
inline char repeat_byte(R& r) {
  uint32_t x = r.below(4);
  if (x < 2) return x == 0 ? '\0' : static_cast<char>(0xff);
  return static_cast<char>(r.below(256));
}

// 15 InsertRepeated [pos=below(n+1), k=len(4096), c=repeat_byte]: inserts k copies of byte c at pos.
template <class R>
inline bool insert_repeated(R& r, std::string& s, size_t max) {
  uint32_t n = size32(s);
  uint32_t pos = r.below(n + 1);
  uint32_t k = choose_len(r, 4096);
  if (n + size_t{k} > max) return false;
  s.insert(pos, k, repeat_byte(r));
  return true;
}

// 16 OverwriteRepeated [pos=below(n), k=len(n-pos), c=repeat_byte]: sets s[pos, pos+k) to byte c. n >= 1.
template <class R>
inline bool overwrite_repeated(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n == 0) return false;
  uint32_t pos = r.below(n);
  uint32_t k = choose_len(r, n - pos);
  std::memset(s.data() + pos, repeat_byte(r), k);
  return true;
}

// 17 ShuffleChunk [pos=below(n), k=len(n-pos), then j=below(i+1) for i=k-1..1]:
// Fisher-Yates shuffle of s[pos, pos+k). n >= 3; gives up if k < 3.
template <class R>
inline bool shuffle_chunk(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < 3) return false;
  uint32_t pos = r.below(n);
  uint32_t k = choose_len(r, n - pos);
  if (k < 3) return false;
  char* p = s.data() + pos;
  for (uint32_t i = k - 1; i > 0; --i) std::swap(p[i], p[r.below(i + 1)]);
  return true;
}

// 18 SwapChunks [k=len(n/2), a=below(n-2k+1), b=below(n-a-2k+1)]:
// swaps s[a, a+k) with s[a+k+b, a+2k+b). n >= 2.
template <class R>
inline bool swap_chunks(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < 2) return false;
  uint32_t k = choose_len(r, n / 2);
  uint32_t a = r.below(n - 2 * k + 1);
  uint32_t b = a + k + r.below(n - a - 2 * k + 1);
  char* p = s.data();
  std::swap_ranges(p + a, p + a + k, p + b);
  return true;
}

// 23 InsertPart [src=below(n), k=below(n-src)+1, dst=below(n+1)]: inserts a copy of s[src, src+k) at
// dst. Unlike DuplicateChunk, k is uniform up to the rest of s: whole
// elements (a JSON object, a record) get repeated or nested, which Go's
// short chunks rarely do. n >= 1.
template <class R>
inline bool insert_part(R& r, std::string& s, size_t max) {
  uint32_t n = size32(s);
  if (n < 1) return false;
  uint32_t src = r.below(n);
  uint32_t k = r.below(n - src) + 1;
  return insert_copy(r, s, max, s.data() + src, k);
}

// 26 AsciiInteger [pos=below(n), how=below(5), then x=next64 when how == 4]:
// the run of decimal digits from pos on (none: false) is read as a
// 64-bit number, wrapping as unsigned arithmetic does, changed (+1, -1, /2,
// *2, or x modulo its square) and written back in the same width, its
// high digits dropped or zero-filled, as libFuzzer's ChangeASCIIInteger:
// text formats' numbers reach their parsers' limits (a run of 20 zeros
// minus one is 18446744073709551615, 2^64 - 1), which byte ops on digits
// almost never spell. n >= 1.
template <class R>
inline bool ascii_integer(R& r, std::string& s) {
  uint32_t n = size32(s);
  if (n < 1) return false;
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  uint32_t b = r.below(n);
  while (b < n && !digit(s[b])) ++b;
  if (b == n) return false;
  uint32_t e = b;
  uint64_t v = 0;
  for (; e < n && digit(s[e]); ++e) v = v * 10 + uint64_t(s[e] - '0');
  switch (r.below(5)) {
    case 0: ++v; break;
    case 1: --v; break;
    case 2: v /= 2; break;
    case 3: v *= 2; break;
    default: {
      uint64_t square = v * v;
      uint64_t x = r.next64();
      v = square == 0 ? 0 : x % square;
    }
  }
  for (uint32_t i = e; i > b; --i) {
    s[i - 1] = char('0' + v % 10);
    v /= 10;
  }
  return true;
}

}  // namespace cxxtest::fuzz::ops
