// corpus/raw_input.cpp: see raw_input.h for the byte layout.
#include "corpus/raw_input.h"

namespace cxxtest::runtime {
namespace {

constexpr int kMaxLengthBytes = 5;  // LEB128 of a 32-bit length

int byte_width(Kind k) { return k == Kind::Bool ? 1 : kind_bits(k) / 8; }

// Reads kinds' scalar bytes from `in` at `pos` into v.bits.
void read_scalar(const uint8_t* in, size_t size, size_t& pos, Value& v) {
  int width = byte_width(v.kind);
  uint64_t bits = 0;
  for (int i = 0; i < width && pos < size; ++i) bits |= uint64_t(in[pos++]) << (8 * i);
  if (v.kind == Kind::Bool) bits &= 1;
  if (is_signed_kind(v.kind) && width < 8 && (bits >> (8 * width - 1)) & 1)
    bits |= ~uint64_t(0) << (8 * width);
  v.bits = bits;
}

// A LEB128 length, clamped to what is left of the input.
size_t read_length(const uint8_t* in, size_t size, size_t& pos) {
  uint64_t n = 0;
  for (int i = 0; i < kMaxLengthBytes && pos < size; ++i) {
    uint8_t b = in[pos++];
    n |= uint64_t(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) break;
  }
  return n < size - pos ? size_t(n) : size - pos;
}

void write_length(size_t n, std::string& out) {
  do {
    uint8_t b = n & 0x7f;
    n >>= 7;
    out.push_back(char(n ? b | 0x80 : b));
  } while (n);
}

}  // namespace

void decode_raw(const uint8_t* data, size_t size, std::span<const Kind> kinds, std::vector<Value>& out) {
  out.resize(kinds.size());
  size_t pos = 0, last_bytes = kinds.size();
  for (size_t i = 0; i < kinds.size(); ++i) {
    out[i].kind = kinds[i];
    out[i].bits = 0;
    out[i].bytes.clear();
    if (is_byte_kind(kinds[i])) last_bytes = i;
    else read_scalar(data, size, pos, out[i]);
  }
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (!is_byte_kind(kinds[i])) continue;
    size_t n = i == last_bytes ? size - pos : read_length(data, size, pos);
    out[i].bytes.assign(reinterpret_cast<const char*>(data) + pos, n);
    pos += n;
  }
}

std::string encode_raw(std::span<const Value> values) {
  std::string out;
  size_t last_bytes = values.size();
  for (size_t i = 0; i < values.size(); ++i) {
    if (is_byte_kind(values[i].kind)) {
      last_bytes = i;
      continue;
    }
    for (int b = 0; b < byte_width(values[i].kind); ++b) out.push_back(char(values[i].bits >> (8 * b)));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (!is_byte_kind(values[i].kind)) continue;
    if (i != last_bytes) write_length(values[i].bytes.size(), out);
    out += values[i].bytes;
  }
  return out;
}

}  // namespace cxxtest::runtime
