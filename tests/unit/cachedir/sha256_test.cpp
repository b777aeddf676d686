// SHA-256 against the FIPS 180-4 example vectors, and incremental updates.
#include "cachedir/sha256.h"

#include <doctest/doctest.h>

#include <string>

using cxxtest::cachedir::Sha256;
using cxxtest::cachedir::sha256_hex;

TEST_CASE("FIPS 180-4 vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("a million 'a' fed in uneven pieces gives the same digest") {
  Sha256 h;
  std::string chunk(997, 'a');
  size_t left = 1000000;
  while (left > 0) {
    size_t n = std::min(left, chunk.size());
    h.update(std::string_view(chunk).substr(0, n));
    left -= n;
  }
  CHECK(h.finish_hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("any split of a message around the block and padding boundaries agrees") {
  std::string msg;
  for (int i = 0; i < 200; ++i) msg += static_cast<char>(i * 7);
  for (size_t len : {0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 200}) {
    std::string_view m = std::string_view(msg).substr(0, len);
    std::string whole = sha256_hex(m);
    for (size_t cut = 0; cut <= len; cut += 13) {
      Sha256 h;
      h.update(m.substr(0, cut));
      h.update(m.substr(cut));
      INFO("len ", len, " cut ", cut);
      CHECK(h.finish_hex() == whole);
    }
  }
}

TEST_CASE("finish resets to the empty message") {
  Sha256 h;
  h.update("abc");
  auto first = h.finish();
  CHECK(first[0] == 0xba);
  CHECK(h.finish_hex() == sha256_hex(""));
  h.update("abc");
  CHECK(h.finish_hex() == sha256_hex("abc"));
}
