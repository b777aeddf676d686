// The functions of fixtures/compare_subjects.inc, declared in two
// namespaces: laf (compiled with the plugin) and plain (without).
#pragma once

#include <cstdint>
#include <string>

inline int sign(int v) { return (v > 0) - (v < 0); }

#define CXXTEST_LAF_SUBJECTS       \
  bool eq64(uint64_t v);           \
  bool ne32(uint32_t v);           \
  bool eq16_left(uint16_t v);      \
  bool eq128(unsigned __int128 v); \
  bool lt_unsigned(uint32_t v);    \
  bool ge_unsigned(uint64_t v);    \
  bool lt_signed(int32_t v);       \
  bool gt_signed(int64_t v);       \
  bool le_signed(int16_t v);       \
  bool range(uint32_t v);          \
  int word_switch(uint32_t v);     \
  int memcmp_sign(const char* s);  \
  int memcmp_left(const char* s);  \
  int strcmp_sign(const char* s);  \
  int strncmp_sign(const char* s); \
  bool string_eq(const std::string& s);

namespace laf {
CXXTEST_LAF_SUBJECTS
}
namespace plain {
CXXTEST_LAF_SUBJECTS
}
