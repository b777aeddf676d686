// compare_hooks.h: the operands of byte comparisons a fuzz target makes
// (memcmp, strcmp, strncmp, strcasecmp, strstr, memmem, and so std::string /
// std::string_view equality and compare, which reach memcmp when the code is
// compiled with -fno-builtin-memcmp as fuzz builds are).
//
// Two archives feed the same hook:
//  - libcxxtest_intercept.a defines those libc functions itself (fuzz
//    builds without a sanitizer): each computes its result and then reports
//    its operands;
//  - libcxxtest_sanhooks.a defines the __sanitizer_weak_hook_* callbacks that
//    ASan's and TSan's own interceptors call (fuzz builds with a sanitizer,
//    where defining memcmp again would clash with the sanitizer's).
// The driver links one of them, whole, into fuzz builds only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cxxtest::intercept {

// Receives the compared operands: `na` bytes at `a` and `nb` bytes at `b`
// (memory compares: the compared length; string compares: each string up to
// its terminator or the compare's bound; all capped at kMaxReported). Whole
// operands, not just the matching prefix, so that a literal the target looks
// for arrives whole even when the input's first byte already differs. `pc`
// is the caller's return address. Called on the target's thread, possibly
// from inside the engine's own libc calls: it must not compare bytes with
// the intercepted functions itself, and must be cheap.
using BytesHook = void (*)(uintptr_t pc, const uint8_t* a, size_t na, const uint8_t* b, size_t nb);

// Null (no reporting) until the fuzzing engine installs its recorder.
extern BytesHook bytes_hook;

// Longest operand reported; longer compares report their first bytes.
inline constexpr size_t kMaxReported = 64;

}  // namespace cxxtest::intercept
