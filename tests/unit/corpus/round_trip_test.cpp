// decode(encode(v)) == v and encode(decode(encode(v))) == encode(v), on the
// edge values of every kind and on many pseudo-random bit patterns.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "runtime/corpus/corpus_v1.h"

using cxxtest::Kind;
using cxxtest::Value;
namespace corpus = cxxtest::corpus;

namespace {

// Checks both guarantees for one value; returns false (after reporting) if
// either fails, so loops over many values stop at the first problem.
bool round_trips(const Value& v) {
  std::vector<Value> one = {v}, back;
  std::string text = corpus::encode(one);
  corpus::DecodeError err;
  bool ok = corpus::decode(text, back, err);
  if (ok && back.size() == 1 && back[0] == v && corpus::encode(back) == text) return true;
  INFO("text: ", text, " error: ", err.message);
  REQUIRE(ok);
  REQUIRE(back.size() == 1);
  CHECK(back[0].bits == v.bits);
  CHECK(back[0] == v);
  CHECK(corpus::encode(back) == text);
  return false;
}

// A value of kind k whose payload is `bits` truncated and extended the way
// Value::of stores that kind.
Value scalar(Kind k, uint64_t bits) {
  Value v = Value::zero(k);
  int n = cxxtest::kind_bits(k);
  if (n < 64) bits &= (1ull << n) - 1;
  if (cxxtest::is_signed_kind(k) && n < 64 && (bits >> (n - 1)) & 1) bits |= ~0ull << n;
  v.bits = bits;
  return v;
}

uint64_t next_random(uint64_t& state) {  // splitmix64: deterministic patterns
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

TEST_CASE("every single byte round-trips as bytes, std::string and char") {
  std::string all;
  for (int b = 0; b < 256; ++b) {
    std::string one(1, static_cast<char>(b));
    all += one;
    Value bytes = Value::of(one);
    bytes.kind = Kind::Bytes;
    REQUIRE(round_trips(bytes));
    REQUIRE(round_trips(Value::of(one)));
    REQUIRE(round_trips(Value::of(static_cast<char>(b))));
  }
  CHECK(round_trips(Value::of(all)));
  CHECK(round_trips(Value::of(std::string())));
  CHECK(
      round_trips(Value::of(std::string("\x01"
                                        "a\x7f"
                                        "0\\x41\"'"))));
}

TEST_CASE("integer kinds round-trip at their limits") {
  CHECK(round_trips(Value::of(true)));
  CHECK(round_trips(Value::of(false)));
  for (Kind k : {Kind::Int8, Kind::Int16, Kind::Int32, Kind::Int64, Kind::Uint8, Kind::Uint16, Kind::Uint32,
                 Kind::Uint64, Kind::Char32}) {
    int n = cxxtest::kind_bits(k);
    uint64_t top = 1ull << (n - 1);
    for (uint64_t bits : {uint64_t{0}, uint64_t{1}, ~uint64_t{0}, top, top - 1, top + 1, ~uint64_t{1}}) {
      INFO("kind ", cxxtest::kind_name(k), " bits ", bits);
      REQUIRE(round_trips(scalar(k, bits)));
    }
  }
}

TEST_CASE("float and double edge values round-trip bit for bit") {
  using F = std::numeric_limits<float>;
  using D = std::numeric_limits<double>;
  for (float f : {0.0f, -0.0f, F::denorm_min(), -F::denorm_min(), F::min(), F::max(), F::lowest(),
                  F::infinity(), -F::infinity(), F::epsilon(), 0.1f, 1e-40f, 16777217.0f})
    REQUIRE(round_trips(Value::of(f)));
  for (double d : {0.0, -0.0, D::denorm_min(), -D::denorm_min(), D::min(), D::max(), D::lowest(),
                   D::infinity(), -D::infinity(), D::epsilon(), 0.1, 1e-310, 9007199254740993.0})
    REQUIRE(round_trips(Value::of(d)));
  for (uint32_t nan : {0x7fc00000u, 0x7fc00001u, 0xffc00000u, 0x7f800001u, 0xffffffffu, 0x7fbfffffu})
    REQUIRE(round_trips(Value::of(std::bit_cast<float>(nan))));
  for (uint64_t nan : {0x7ff8000000000000ull, 0x7ff8000000000001ull, 0xfff8000000000000ull,
                       0x7ff0000000000001ull, 0xffffffffffffffffull})
    REQUIRE(round_trips(Value::of(std::bit_cast<double>(nan))));
}

TEST_CASE("pseudo-random bit patterns of every scalar kind round-trip") {
  uint64_t state = 1;
  for (int k = 0; k < cxxtest::kKindCount; ++k) {
    Kind kind = static_cast<Kind>(k);
    if (cxxtest::is_byte_kind(kind)) continue;
    int rounds = kind == Kind::Float || kind == Kind::Double ? 200000 : 20000;
    for (int i = 0; i < rounds; ++i) {
      Value v = scalar(kind, next_random(state));
      INFO("kind ", cxxtest::kind_name(kind), " bits ", v.bits);
      REQUIRE(round_trips(v));
    }
  }
}

TEST_CASE("a file holding one value of every kind round-trips") {
  std::vector<Value> values;
  for (int k = 0; k < cxxtest::kKindCount; ++k)
    values.push_back(scalar(static_cast<Kind>(k), 0xa5a5a5a5a5a5a5a5));
  values[0].bytes = std::string("\x00\xff", 2);
  values[1].bytes = "line\nbreak";
  std::string text = corpus::encode(values);
  std::vector<Value> back;
  corpus::DecodeError err;
  REQUIRE(corpus::decode(text, back, err));
  CHECK(back == values);
  CHECK(corpus::encode(back) == text);
}
