// custom_mutator_test.cpp: a libFuzzer harness's LLVMFuzzerCustomMutator and
// LLVMFuzzerCustomCrossOver in the engine's mutator (fuzz/mutator.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/mutator.h"

using cxxtest::Value;
using namespace cxxtest::fuzz;

namespace {

struct Calls {
  int mutate = 0, cross = 0;
  size_t last_size = 0, last_max = 0;
  std::string last_partner;
  size_t mutate_result = 1;  // bytes appended; 0: return 0
} calls;

size_t append_m(uint8_t* data, size_t size, size_t max_size, unsigned) {
  ++calls.mutate;
  calls.last_size = size;
  calls.last_max = max_size;
  if (calls.mutate_result == 0 || size + 1 > max_size) return 0;
  data[size] = 'M';
  return size + 1;
}

size_t join(const uint8_t* a, size_t na, const uint8_t* b, size_t nb, uint8_t* out, size_t max_out,
            unsigned) {
  ++calls.cross;
  calls.last_partner.assign(reinterpret_cast<const char*>(b), nb);
  if (na + nb > max_out) return 0;
  std::memcpy(out, a, na);
  std::memcpy(out + na, b, nb);
  return na + nb;
}

std::vector<Value> one_bytes(const std::string& s) { return {Value::of(s)}; }

}  // namespace

TEST_CASE("A custom mutator makes every mutation of a one-byte-argument input, with libFuzzer's room") {
  calls = {};
  CustomMutators custom{&append_m, nullptr};
  Mutator m(Pcg32(1, 1), 1 << 20);
  m.set_custom(&custom);
  std::vector<Value> in = one_bytes("abc");
  for (int i = 0; i < 100; ++i) {
    size_t before = in[0].bytes.size();
    m.mutate(in);
    REQUIRE(calls.mutate == i + 1);
    CHECK(calls.last_size == before);
    CHECK(calls.last_max == std::max<size_t>(4096, 2 * before));
    CHECK(in[0].bytes == "abc" + std::string(i + 1, 'M'));
  }
  // The room never passes max_bytes.
  Mutator small(Pcg32(2, 1), 10);
  small.set_custom(&custom);
  std::vector<Value> s = one_bytes("abc");
  small.mutate(s);
  CHECK(calls.last_max == 10);
}

TEST_CASE("A custom mutator's 0 is no mutation: a built-in op runs instead") {
  calls = {};
  calls.mutate_result = 0;
  CustomMutators custom{&append_m, nullptr};
  Mutator m(Pcg32(3, 1), 1 << 20);
  m.set_custom(&custom);
  int changed = 0;
  for (int i = 0; i < 200; ++i) {
    std::vector<Value> in = one_bytes("hello world");
    m.mutate(in);
    changed += in[0].bytes != "hello world";
  }
  CHECK(calls.mutate == 200);
  CHECK(changed > 150);
}

TEST_CASE("With a custom crossover too, about half the mutations cross over with the splice source") {
  calls = {};
  CustomMutators custom{&append_m, &join};
  const std::vector<std::vector<Value>> corpus = {one_bytes("PARTNER")};
  Mutator m(Pcg32(4, 1), 1 << 20);
  m.set_custom(&custom);
  m.set_splice_source(corpus);
  for (int i = 0; i < 2000; ++i) {
    std::vector<Value> in = one_bytes("x");
    m.mutate(in);
    CHECK((in[0].bytes == "xM" || in[0].bytes == "xPARTNER"));
  }
  CHECK(calls.mutate + calls.cross == 2000);
  CHECK(calls.cross > 850);
  CHECK(calls.cross < 1150);
  CHECK(calls.last_partner == "PARTNER");
  // No splice source: no crossover.
  calls = {};
  Mutator alone(Pcg32(5, 1), 1 << 20);
  alone.set_custom(&custom);
  std::vector<Value> in = one_bytes("x");
  for (int i = 0; i < 50; ++i) alone.mutate(in);
  CHECK(calls.cross == 0);
  CHECK(calls.mutate == 50);
}

TEST_CASE("A custom crossover alone is one op among the built-in ones") {
  calls = {};
  CustomMutators custom{nullptr, &join};
  const std::vector<std::vector<Value>> corpus = {one_bytes("PARTNER")};
  Mutator m(Pcg32(6, 1), 1 << 20);
  m.set_custom(&custom);
  m.set_splice_source(corpus);
  for (int i = 0; i < 5000; ++i) {
    std::vector<Value> in = one_bytes("some input");
    m.mutate(in);
  }
  // One in kByteOps (26): 192 expected.
  CHECK(calls.cross > 120);
  CHECK(calls.cross < 300);
}

TEST_CASE("Inputs of several arguments, or of a non-byte one, never reach the custom mutators") {
  calls = {};
  CustomMutators custom{&append_m, &join};
  Mutator m(Pcg32(7, 1), 1 << 20);
  m.set_custom(&custom);
  std::vector<Value> two = {Value::of(std::string("a")), Value::of(std::string("b"))};
  std::vector<Value> number = {Value::of(int32_t{5})};
  for (int i = 0; i < 100; ++i) {
    m.mutate(two);
    m.mutate(number);
  }
  CHECK(calls.mutate == 0);
  CHECK(calls.cross == 0);
}
