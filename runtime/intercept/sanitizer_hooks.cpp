// sanitizer_hooks.cpp: under ASan or TSan the sanitizer intercepts memcmp,
// strcmp and friends itself and, after computing the result, calls these
// weak hooks with the operands. They forward to bytes_hook, so comparison
// guidance works in sanitizer fuzz builds too. Without a sanitizer nothing
// calls them.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "compare_hooks.h"

using cxxtest::intercept::bytes_hook;
using cxxtest::intercept::kMaxReported;

namespace {

inline void report(void* pc, const void* a, const void* b, size_t n) {
  if (bytes_hook && n > 0)
    bytes_hook(reinterpret_cast<uintptr_t>(pc), static_cast<const uint8_t*>(a),
               static_cast<const uint8_t*>(b), n < kMaxReported ? n : kMaxReported);
}

// Length of the common prefix plus the first difference or terminator,
// looking at most `n` chars. Reads only bytes the compare itself read.
size_t compared_length(const char* a, const char* b, size_t n) {
  size_t i = 0;
  while (i < n && a[i] == b[i] && a[i] != 0) ++i;
  return i < n ? i + 1 : n;
}

size_t length(const char* s) {
  size_t n = 0;
  while (s[n]) ++n;
  return n;
}

}  // namespace

extern "C" {

void __sanitizer_weak_hook_memcmp(void* pc, const void* s1, const void* s2, size_t n, int) {
  report(pc, s1, s2, n);
}

void __sanitizer_weak_hook_strncmp(void* pc, const char* s1, const char* s2, size_t n, int) {
  report(pc, s1, s2, compared_length(s1, s2, n));
}

void __sanitizer_weak_hook_strcmp(void* pc, const char* s1, const char* s2, int) {
  report(pc, s1, s2, compared_length(s1, s2, SIZE_MAX));
}

void __sanitizer_weak_hook_strncasecmp(void* pc, const char* s1, const char* s2, size_t n, int) {
  report(pc, s1, s2, compared_length(s1, s2, n));
}

void __sanitizer_weak_hook_strcasecmp(void* pc, const char* s1, const char* s2, int) {
  report(pc, s1, s2, compared_length(s1, s2, SIZE_MAX));
}

void __sanitizer_weak_hook_strstr(void* pc, const char* hay, const char* needle, char*) {
  size_t n = length(needle), h = length(hay);
  report(pc, hay, needle, n < h ? n : h);
}

void __sanitizer_weak_hook_memmem(void* pc, const void* hay, size_t hay_len, const void* needle,
                                  size_t needle_len, void*) {
  report(pc, hay, needle, needle_len < hay_len ? needle_len : hay_len);
}

}  // extern "C"
