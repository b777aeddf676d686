// sanitizer_hooks.cpp: under ASan or TSan the sanitizer intercepts memcmp,
// strcmp and friends itself and, after computing the result, calls these
// weak hooks with the operands. They forward to bytes_hook, so comparison
// guidance works in sanitizer fuzz builds too. Without a sanitizer nothing
// calls them.
//
// The pc a sanitizer passes is its interceptor's caller only when its common
// code was inlined; in clang 14's ASan it is one address inside
// MemcmpInterceptorCommon for every memcmp of the process. The guidance
// keys compares by their operands too (record_bytes_compare), so distinct
// compares still keep distinct slots.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "compare_hooks.h"

using cxxtest::intercept::bytes_hook;
using cxxtest::intercept::kMaxReported;

namespace {

inline size_t capped(size_t n) { return n < kMaxReported ? n : kMaxReported; }

size_t bounded_length(const char* s, size_t max) {
  size_t n = 0;
  while (n < max && s[n]) ++n;
  return n;
}

inline void report(void* pc, const void* a, size_t na, const void* b, size_t nb) {
  if (bytes_hook && (na > 0 || nb > 0)) {
    bytes_hook(reinterpret_cast<uintptr_t>(pc), static_cast<const uint8_t*>(a), capped(na),
               static_cast<const uint8_t*>(b), capped(nb));
  }
}

// Two strings compared with bound `n`: each up to its terminator.
inline void report_strings(void* pc, const char* a, const char* b, size_t n) {
  if (!bytes_hook) return;
  size_t max = capped(n);
  report(pc, a, bounded_length(a, max), b, bounded_length(b, max));
}

}  // namespace

extern "C" {

void __sanitizer_weak_hook_memcmp(void* pc, const void* s1, const void* s2, size_t n, int) {
  report(pc, s1, n, s2, n);
}

void __sanitizer_weak_hook_strncmp(void* pc, const char* s1, const char* s2, size_t n, int) {
  report_strings(pc, s1, s2, n);
}

void __sanitizer_weak_hook_strcmp(void* pc, const char* s1, const char* s2, int) {
  report_strings(pc, s1, s2, SIZE_MAX);
}

void __sanitizer_weak_hook_strncasecmp(void* pc, const char* s1, const char* s2, size_t n, int) {
  report_strings(pc, s1, s2, n);
}

void __sanitizer_weak_hook_strcasecmp(void* pc, const char* s1, const char* s2, int) {
  report_strings(pc, s1, s2, SIZE_MAX);
}

void __sanitizer_weak_hook_strstr(void* pc, const char* hay, const char* needle, char*) {
  report_strings(pc, hay, needle, SIZE_MAX);
}

void __sanitizer_weak_hook_memmem(void* pc, const void* hay, size_t hay_len, const void* needle,
                                  size_t needle_len, void*) {
  report(pc, hay, hay_len, needle, needle_len);
}

}  // extern "C"
