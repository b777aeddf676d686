// shm_test.cpp: the shared-memory layout and the input encoding
// (engine/shared/shm.h, engine/shared/input_codec.h).
#include "engine/shared/shm.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "engine/shared/input_codec.h"

using namespace cxxtest::runtime::engine;
using cxxtest::Kind;
using cxxtest::Value;

TEST_CASE("The header is laid out as documented") {
  CHECK(offsetof(ShmHeader, magic) == 0);
  CHECK(offsetof(ShmHeader, exec_count) == 8);
  CHECK(offsetof(ShmHeader, phase) == 16);
  CHECK(offsetof(ShmHeader, current_len) == 20);
  CHECK(offsetof(ShmHeader, original_len) == 24);
  CHECK(offsetof(ShmHeader, partner_len) == 28);
  CHECK(offsetof(ShmHeader, mask_size) == 32);
  CHECK(offsetof(ShmHeader, learned_len) == 36);
  CHECK(offsetof(ShmHeader, failure) == 40);
  CHECK(offsetof(FailureRecord, kind) == 0);
  CHECK(offsetof(FailureRecord, detail) == 4);
  CHECK(offsetof(FailureRecord, value) == 8);
  CHECK(offsetof(FailureRecord, nanos) == 16);
  CHECK(offsetof(FailureRecord, nframes) == 24);
  CHECK(offsetof(FailureRecord, text_len) == 28);
  CHECK(offsetof(FailureRecord, where) == 32);
  CHECK(offsetof(FailureRecord, frames) == 256);
  CHECK(sizeof(Frame) == 16);
}

TEST_CASE("Areas follow each other page-aligned, sized by the mask") {
  ShmLayout l = shm_layout(5000);
  CHECK(l.report == 4096);
  CHECK(l.keep == 4096 + 65536);
  CHECK(l.snap == l.keep + 8192);
  CHECK(l.original == l.snap + 8192);
  CHECK(l.current == l.original + kInputCap);
  CHECK(l.total == l.current + kInputCap);
  ShmLayout none = shm_layout(0);
  CHECK(none.snap == none.keep);
  CHECK(none.original == none.keep);
}

TEST_CASE("A memfd region: the worker's view checks magic and mask size") {
  ShmView coord, worker;
  cxxtest::Expected<int> created = create_shm(64, coord);
  REQUIRE(created);
  int fd = *created;
  coord.header().exec_count = 7;
  std::memcpy(coord.current(), "abc", 3);
  REQUIRE(map_shm(fd, 64, worker));
  CHECK(worker.header().exec_count == 7);
  CHECK(std::memcmp(worker.current(), "abc", 3) == 0);
  ShmView wrong;
  cxxtest::Status mapped = map_shm(fd, 128, wrong);
  REQUIRE_FALSE(mapped);
  CHECK(mapped.error().find("does not match") != std::string::npos);
}

TEST_CASE("Inputs of every kind survive encode and decode") {
  std::vector<Value> in = {
      Value::of(std::string("a\0b", 3)),
      Value::of(std::vector<uint8_t>{0xff, 0x00}),
      Value::of(true),
      Value::of('x'),
      Value::of(int8_t(-3)),
      Value::of(int16_t(-300)),
      Value::of(-70000),
      Value::of(int64_t(-1) << 40),
      Value::of(uint8_t(200)),
      Value::of(uint16_t(60000)),
      Value::of(4000000000u),
      Value::of(~uint64_t(0)),
      Value::of(char32_t(0x4e2d)),
      Value::of(std::numeric_limits<float>::quiet_NaN()),
      Value::of(-0.0),
      Value::of(std::string()),
  };
  std::vector<uint8_t> buf(encoded_size(in));
  REQUIRE(encode_input(in, buf.data(), buf.size()) == buf.size());
  std::vector<Value> out = {Value::of(std::string("stale"))};
  REQUIRE(decode_input(buf.data(), buf.size(), out));
  CHECK(out == in);
}

TEST_CASE("Encoding refuses a buffer that is too small; decoding rejects damage") {
  std::vector<Value> in = {Value::of(std::string("hello")), Value::of(42)};
  std::vector<uint8_t> buf(encoded_size(in));
  CHECK(encode_input(in, buf.data(), buf.size() - 1) == 0);
  REQUIRE(encode_input(in, buf.data(), buf.size()) == buf.size());
  std::vector<Value> out;
  CHECK_FALSE(decode_input(buf.data(), buf.size() - 1, out));  // truncated
  std::vector<uint8_t> longer = buf;
  longer.push_back(0);
  CHECK_FALSE(decode_input(longer.data(), longer.size(), out));  // bytes left over
  std::vector<uint8_t> bad_kind = buf;
  bad_kind[4] = 99;
  CHECK_FALSE(decode_input(bad_kind.data(), bad_kind.size(), out));
}
