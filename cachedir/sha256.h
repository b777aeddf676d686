// sha256.h: SHA-256 (FIPS 180-4), for content-addressed cache keys and
// corpus file names. Pure computation: no I/O, no allocation but the hex.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cxxtest::cachedir {

class Sha256 {
 public:
  Sha256();

  // Appends bytes to the message. May be called any number of times.
  void update(std::string_view data);

  // The digest of everything passed to update(). The object is then reset to
  // the empty message, ready for reuse.
  std::array<uint8_t, 32> finish();

  // finish() as 64 lowercase hex characters.
  std::string finish_hex();

 private:
  void compress(const uint8_t* block);
  void reset();

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> block_;
  size_t block_len_ = 0;    // bytes buffered in block_
  uint64_t total_len_ = 0;  // message length in bytes
};

// The lowercase hex SHA-256 of data.
std::string sha256_hex(std::string_view data);

}  // namespace cxxtest::cachedir
