// engine/shared/input_codec.h: a fuzz input as bytes in shared memory.
//
// The worker writes the input of every execution to shared memory before it
// runs, so the encoding is built for speed, not for people (files use the
// v1 text format, corpus_v1.h). Layout, little endian, no padding:
//
//   u32 count                     number of values
//   per value:
//     u8  kind                    cxxtest::Kind
//     bytes, std::string:  u32 length, then that many bytes
//     every other kind:    u64 bits (Value::bits)
//
// encode() touches only `out`; decode() reuses the strings of `values`, so
// a worker decoding into the same vector repeatedly stops allocating.
#pragma once

#include <cxxtest/value.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cxxtest::runtime::engine {

// Bytes encode() needs for values.
size_t encoded_size(std::span<const Value> values);

// Writes values to out; returns the bytes written, or 0 if cap is too small.
size_t encode_input(std::span<const Value> values, uint8_t* out, size_t cap);

// Reads an encoding made by encode_input. False (values unspecified) if the
// bytes are truncated, hold an unknown kind, or have bytes left over.
bool decode_input(const uint8_t* in, size_t len, std::vector<Value>& values);

}  // namespace cxxtest::runtime::engine
