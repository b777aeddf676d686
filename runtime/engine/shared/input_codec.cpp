// engine/shared/input_codec.cpp: see input_codec.h.
#include "engine/shared/input_codec.h"

#include <cstring>

namespace cxxtest::runtime::engine {
namespace {

template <class U>
void put(uint8_t*& p, U v) {
  std::memcpy(p, &v, sizeof v);
  p += sizeof v;
}

template <class U>
bool get(const uint8_t*& p, const uint8_t* end, U& v) {
  if (size_t(end - p) < sizeof v) return false;
  std::memcpy(&v, p, sizeof v);
  p += sizeof v;
  return true;
}

}  // namespace

size_t encoded_size(std::span<const Value> values) {
  size_t n = 4;
  for (const Value& v : values) n += 1 + (is_byte_kind(v.kind) ? 4 + v.bytes.size() : 8);
  return n;
}

size_t encode_input(std::span<const Value> values, uint8_t* out, size_t cap) {
  if (encoded_size(values) > cap) return 0;
  uint8_t* p = out;
  put(p, uint32_t(values.size()));
  for (const Value& v : values) {
    put(p, uint8_t(v.kind));
    if (is_byte_kind(v.kind)) {
      put(p, uint32_t(v.bytes.size()));
      std::memcpy(p, v.bytes.data(), v.bytes.size());
      p += v.bytes.size();
    } else {
      put(p, v.bits);
    }
  }
  return size_t(p - out);
}

bool decode_input(const uint8_t* in, size_t len, std::vector<Value>& values) {
  const uint8_t* p = in;
  const uint8_t* end = in + len;
  uint32_t count = 0;
  if (!get(p, end, count) || count > len) return false;
  values.resize(count);
  for (Value& v : values) {
    uint8_t kind = 0;
    if (!get(p, end, kind) || kind >= kKindCount) return false;
    v.kind = Kind(kind);
    if (is_byte_kind(v.kind)) {
      uint32_t n = 0;
      if (!get(p, end, n) || size_t(end - p) < n) return false;
      v.bytes.assign(reinterpret_cast<const char*>(p), n);
      v.bits = 0;
      p += n;
    } else {
      v.bytes.clear();
      if (!get(p, end, v.bits)) return false;
    }
  }
  return p == end;
}

}  // namespace cxxtest::runtime::engine
