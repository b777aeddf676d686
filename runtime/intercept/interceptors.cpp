// interceptors.cpp: libc comparison functions defined in the test binary
// itself, so that every call (from the target, libstdc++ or libc's users)
// reports its operands to bytes_hook while fuzzing.
//
// Each computes its result with a plain loop: these run only in fuzz builds,
// on inputs of a few hundred bytes, where a loop costs nothing next to the
// target. The results follow the C standard exactly (bytes compared as
// unsigned char; the sign of the result is what callers may rely on).
#include <cctype>
#include <cstddef>
#include <cstdint>

#include "compare_hooks.h"

// The return address of the intercepted function itself (a macro, so it is
// always evaluated in that function's frame).
#define CXXTEST_CALLER() reinterpret_cast<uintptr_t>(__builtin_return_address(0))

using cxxtest::intercept::bytes_hook;
using cxxtest::intercept::kMaxReported;

namespace {

inline size_t capped(size_t n) { return n < kMaxReported ? n : kMaxReported; }

// Length of the string at s, looking at most `max` bytes.
inline size_t bounded_length(const char* s, size_t max) {
  size_t n = 0;
  while (n < max && s[n]) ++n;
  return n;
}

// Reports both operands, each capped at kMaxReported.
inline void report(uintptr_t pc, const void* a, size_t na, const void* b, size_t nb) {
  if (bytes_hook && (na > 0 || nb > 0))
    bytes_hook(pc, static_cast<const uint8_t*>(a), capped(na), static_cast<const uint8_t*>(b), capped(nb));
}

// Reports two strings compared with bound `n`: each up to its terminator.
inline void report_strings(uintptr_t pc, const char* a, const char* b, size_t n) {
  if (!bytes_hook) return;
  size_t max = capped(n);
  report(pc, a, bounded_length(a, max), b, bounded_length(b, max));
}

__attribute__((always_inline)) inline int compare_bytes(const uint8_t* a, const uint8_t* b, size_t n,
                                                        size_t* compared) {
  size_t i = 0;
  for (; i < n; ++i) {
    if (a[i] != b[i]) {
      *compared = i + 1;
      return a[i] < b[i] ? -1 : 1;
    }
  }
  *compared = n;
  return 0;
}

// strncmp/strcasecmp core: compares up to `n` chars or a terminator.
template <bool kFoldCase>
int compare_strings(const char* s1, const char* s2, size_t n, uintptr_t pc) {
  const auto* a = reinterpret_cast<const unsigned char*>(s1);
  const auto* b = reinterpret_cast<const unsigned char*>(s2);
  int result = 0;
  for (size_t i = 0; i < n; ++i) {
    int ca = kFoldCase ? std::tolower(a[i]) : a[i];
    int cb = kFoldCase ? std::tolower(b[i]) : b[i];
    if (ca != cb) {
      result = ca < cb ? -1 : 1;
      break;
    }
    if (ca == 0) break;
  }
  report_strings(pc, s1, s2, n);
  return result;
}

const uint8_t* find_bytes(const uint8_t* hay, size_t hay_len, const uint8_t* needle, size_t needle_len) {
  if (needle_len == 0) return hay;
  for (size_t i = 0; i + needle_len <= hay_len; ++i) {
    size_t j = 0;
    while (j < needle_len && hay[i + j] == needle[j]) ++j;
    if (j == needle_len) return hay + i;
  }
  return nullptr;
}

size_t length(const char* s) {
  size_t n = 0;
  while (s[n]) ++n;
  return n;
}

}  // namespace

extern "C" {

int memcmp(const void* s1, const void* s2, size_t n) {
  size_t compared;
  int r = compare_bytes(static_cast<const uint8_t*>(s1), static_cast<const uint8_t*>(s2), n, &compared);
  report(CXXTEST_CALLER(), s1, n, s2, n);
  return r;
}

int bcmp(const void* s1, const void* s2, size_t n) { return memcmp(s1, s2, n) != 0; }

int strcmp(const char* s1, const char* s2) {
  return compare_strings<false>(s1, s2, SIZE_MAX, CXXTEST_CALLER());
}

int strncmp(const char* s1, const char* s2, size_t n) {
  return compare_strings<false>(s1, s2, n, CXXTEST_CALLER());
}

int strcasecmp(const char* s1, const char* s2) {
  return compare_strings<true>(s1, s2, SIZE_MAX, CXXTEST_CALLER());
}

int strncasecmp(const char* s1, const char* s2, size_t n) {
  return compare_strings<true>(s1, s2, n, CXXTEST_CALLER());
}

char* strstr(const char* hay, const char* needle) {
  size_t needle_len = length(needle), hay_len = length(hay);
  const uint8_t* hit = find_bytes(reinterpret_cast<const uint8_t*>(hay), hay_len,
                                  reinterpret_cast<const uint8_t*>(needle), needle_len);
  report(CXXTEST_CALLER(), hay, hay_len, needle, needle_len);
  return const_cast<char*>(reinterpret_cast<const char*>(hit));
}

void* memmem(const void* hay, size_t hay_len, const void* needle, size_t needle_len) {
  const uint8_t* hit =
      find_bytes(static_cast<const uint8_t*>(hay), hay_len, static_cast<const uint8_t*>(needle), needle_len);
  report(CXXTEST_CALLER(), hay, hay_len, needle, needle_len);
  return const_cast<uint8_t*>(hit);
}

}  // extern "C"
