// mutator_test.cpp: properties of the engine's mutator over many draws (fuzz/mutator.h).
#include "fuzz/mutator.h"
#include "fuzz/chain.h"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

using cxxtest::Kind;
using cxxtest::Value;
using namespace cxxtest::fuzz;

TEST_CASE("At least 10 distinct inputs within 100 mutations of an empty string (Go's test_fuzz_mutator)") {
  for (uint64_t seed = 0; seed < 20; ++seed) {
    CAPTURE(seed);
    Mutator m(Pcg32(seed, 1), 1 << 20);
    std::vector<Value> original = {Value::of(std::string())};
    std::vector<Value> input;
    MutationChain chain(m, original);
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) {
      chain.next(input);
      seen.insert(input[0].bytes);
    }
    CHECK(seen.size() >= 10);
  }
}

TEST_CASE("Bytes never grow past max_bytes, whatever the op") {
  const std::vector<std::string> tokens = {"a-very-long-token-longer-than-max", "ab"};
  const std::vector<std::vector<Value>> corpus = {{Value::of(std::string(100, 'x'))},
                                                  {Value::of(std::string("yy"))}};
  for (size_t max : {size_t{1}, size_t{2}, size_t{16}, size_t{300}}) {
    CAPTURE(max);
    Mutator m(Pcg32(max, 2), max);
    m.set_dictionary(&tokens);
    m.set_splice_source(corpus);
    std::vector<Value> args = {Value::of(std::string()), Value::of(std::vector<uint8_t>{1})};
    for (int i = 0; i < 20000; ++i) {
      m.mutate(args);
      REQUIRE(args[0].bytes.size() <= max);
      REQUIRE(args[1].bytes.size() <= max);
    }
  }
}

TEST_CASE("A value already past max_bytes never grows") {
  Mutator m(Pcg32(5, 5), 4);
  std::vector<Value> args = {Value::of(std::string(10, 'q'))};
  size_t size = 10;
  for (int i = 0; i < 2000; ++i) {
    m.mutate(args);
    REQUIRE(args[0].bytes.size() <= size);
    size = std::max<size_t>(args[0].bytes.size(), 4);
  }
}

TEST_CASE("Every argument of (std::string, int, double, bool, char32_t) gets mutated") {
  Mutator m(Pcg32(8, 8), 64);
  const std::vector<Value> original = {Value::of(std::string("seed")), Value::of(7), Value::of(2.5),
                                       Value::of(false), Value::of(char32_t{'x'})};
  std::vector<bool> changed(original.size());
  std::vector<Value> args = original;
  for (int i = 0; i < 500; ++i) {
    m.mutate(args);
    for (size_t k = 0; k < args.size(); ++k) {
      REQUIRE(args[k].kind == original[k].kind);
      changed[k] = changed[k] || args[k] != original[k];
    }
  }
  for (size_t k = 0; k < args.size(); ++k) CHECK(changed[k]);
}
