// corpus/raw_input.h: the raw-bytes form of a fuzz input, for engines that hand a
// target plain bytes (libFuzzer, AFL++, OSS-Fuzz, ClusterFuzzLite) and for
// their corpora. This mapping is a stable, documented contract (man page,
// ARCHITECTURE.md): exported binaries decode every input with it, `cxxtest
// corpus encode` and the seed corpus zips are made with it, and imports
// (`-fuzzimport`, `cxxtest corpus decode`) read raw files with it.
//
// A target taking exactly one bytes-like argument (bytes, std::string,
// std::string_view, const char*, std::span<const uint8_t>) gets the input
// unchanged. Otherwise the input is read front to back:
//
//   1. every scalar argument, in parameter order, little endian, at its full
//      width: bool 1 byte (low bit), char/int8_t/uint8_t 1, int16_t/uint16_t
//      2, int/uint32_t/char32_t/float 4, int64_t/uint64_t/double 8 (float and
//      double as IEEE bits, signed integers sign-extended). An input that
//      ends early gives the missing high bytes as zero;
//   2. every bytes-like argument, in parameter order: all but the last as a
//      length (LEB128: 7 bits a byte, low group first, high bit set on all
//      but the last byte, at most 5 bytes) followed by that many bytes (as
//      many as are left when the input is shorter); the last one takes
//      whatever remains.
//
// Every byte string decodes to some input (so every mutation is a valid
// input), and decode(encode(values)) == values for every input.
#pragma once

#include <cxxtest/value.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cxxtest::runtime {

// Decodes raw bytes into values of `kinds` (reusing the strings of `out`).
void decode_raw(const uint8_t* data, size_t size, std::span<const Kind> kinds, std::vector<Value>& out);

// The raw bytes of `values` (their kinds are the target's).
std::string encode_raw(std::span<const Value> values);

}  // namespace cxxtest::runtime
