// The laf rewrites keep every result: each subject compiled with the plugin
// (namespace laf) answers as its plain build (namespace plain) for boundary
// values, the magic constants with one byte changed, and random values.
#include <doctest/doctest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "subjects.h"

namespace {

// Values near `magic`: itself, +-1, and each byte of it changed up and down.
template <typename U>
std::vector<U> around(U magic) {
  std::vector<U> out{
      magic, U(magic + 1), U(magic - 1), U(0), U(~U(0)), U(U(~U(0)) >> 1), U(U(1) << (sizeof(U) * 8 - 1))};
  for (unsigned k = 0; k < sizeof(U); ++k) {
    out.push_back(U(magic + (U(1) << (8 * k))));
    out.push_back(U(magic - (U(1) << (8 * k))));
    out.push_back(U(magic ^ (U(0x80) << (8 * k))));
  }
  std::mt19937_64 rng(42);
  for (int i = 0; i < 2000; ++i) out.push_back(U(rng() >> (rng() % 64)));
  return out;
}

// Strings near `lit`: its prefixes, itself, and each byte changed up, down and to NUL.
std::vector<std::string> strings_around(const std::string& lit) {
  std::vector<std::string> out{"", lit, lit + "!", lit + std::string(1, '\0') + "x"};
  for (size_t n = 0; n < lit.size(); ++n) out.push_back(lit.substr(0, n));
  for (size_t i = 0; i < lit.size(); ++i)
    for (int d : {-1, 1, -lit[i]}) {
      std::string s = lit;
      s[i] = static_cast<char>(s[i] + d);
      out.push_back(s);
    }
  return out;
}

// Pads to at least 16 bytes after the NUL, so memcmp's 10 bytes are readable.
std::string padded(const std::string& s) { return s + std::string(16, '\0'); }

}  // namespace

TEST_CASE("integer equality keeps its answers") {
  int true_seen = 0;
  for (uint64_t v : around<uint64_t>(0xDEADBEEFCAFEBABEull)) {
    CHECK(laf::eq64(v) == plain::eq64(v));
    true_seen += plain::eq64(v);
  }
  CHECK(true_seen == 1);  // the magic value itself is among the inputs
  for (uint32_t v : around<uint32_t>(0x5eed5eedu)) CHECK(laf::ne32(v) == plain::ne32(v));
  for (uint16_t v : around<uint16_t>(0xBEEF)) CHECK(laf::eq16_left(v) == plain::eq16_left(v));
  unsigned __int128 big =
      (static_cast<unsigned __int128>(0x0123456789ABCDEFull) << 64) | 0xFEDCBA9876543210ull;
  for (uint64_t lo : around<uint64_t>(0xFEDCBA9876543210ull))
    for (uint64_t hi : {0x0123456789ABCDEFull, 0x0123456789ABCDEEull, 0ull}) {
      unsigned __int128 v = (static_cast<unsigned __int128>(hi) << 64) | lo;
      CHECK(laf::eq128(v) == plain::eq128(v));
    }
  CHECK(laf::eq128(big));
}

TEST_CASE("ordered compares keep their answers, signed and unsigned") {
  for (uint32_t v : around<uint32_t>(100000u)) {
    CHECK(laf::lt_unsigned(v) == plain::lt_unsigned(v));
    CHECK(laf::range(v) == plain::range(v));
  }
  for (uint32_t v : around<uint32_t>(100050u)) CHECK(laf::range(v) == plain::range(v));
  for (uint64_t v : around<uint64_t>(0x100000000ull)) CHECK(laf::ge_unsigned(v) == plain::ge_unsigned(v));
  for (uint32_t v : around<uint32_t>(uint32_t(-100000)))
    CHECK(laf::lt_signed(int32_t(v)) == plain::lt_signed(int32_t(v)));
  for (uint64_t v : around<uint64_t>(0x7000000000ull))
    CHECK(laf::gt_signed(int64_t(v)) == plain::gt_signed(int64_t(v)));
  for (uint16_t v : around<uint16_t>(uint16_t(-300)))
    CHECK(laf::le_signed(int16_t(v)) == plain::le_signed(int16_t(v)));
}

TEST_CASE("a lowered switch takes the same case") {
  for (uint32_t magic : {0x11111111u, 0x2a2a2a2au, 0x00c0ffeeu, 0xdeadbeefu})
    for (uint32_t v : around<uint32_t>(magic)) CHECK(laf::word_switch(v) == plain::word_switch(v));
  CHECK(laf::word_switch(0xdeadbeefu) == 20);
}

TEST_CASE("inlined string compares keep the sign of the result") {
  for (const auto& s : strings_around("MEMCMP-10!")) {
    std::string p = padded(s);
    CHECK(laf::memcmp_sign(p.c_str()) == plain::memcmp_sign(p.c_str()));
    CHECK(laf::memcmp_left(p.c_str()) == plain::memcmp_left(p.c_str()));
  }
  for (const auto& s : strings_around("hello"))
    CHECK(laf::strcmp_sign(s.c_str()) == plain::strcmp_sign(s.c_str()));
  for (const auto& s : strings_around("abcdef"))
    CHECK(laf::strncmp_sign(s.c_str()) == plain::strncmp_sign(s.c_str()));
  for (const auto& s : strings_around("open sesame!")) CHECK(laf::string_eq(s) == plain::string_eq(s));
  CHECK(laf::memcmp_sign(padded("MEMCMP-10!").c_str()) == 0);
  CHECK(laf::strcmp_sign("hello") == 0);
}
