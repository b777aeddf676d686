// chain_test.cpp: the 5-step mutation chain and its replay (fuzz/chain.h).
#include "fuzz/chain.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using cxxtest::Value;
using namespace cxxtest::fuzz;

TEST_CASE("Execution c carries ((c-1) mod 5)+1 mutations") {
  const uint64_t want[] = {1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1};
  for (uint64_t c = 1; c <= 11; ++c) CHECK(mutations_for(c) == want[c - 1]);
}

TEST_CASE("The chain resets to the original every 5 executions and saves the rng state then") {
  Mutator m(Pcg32(1, 1), 64);
  const std::vector<Value> original = {Value::of(std::string("hello"))};
  std::vector<Value> input;
  MutationChain chain(m, original);
  Mutator mirror(Pcg32(1, 1), 64);  // applies the same mutations by hand
  std::vector<Value> expected;
  for (uint64_t c = 1; c <= 12; ++c) {
    Pcg32::State before = m.rng().save();
    chain.next(input);
    if (c % 5 == 1) {
      expected = original;
      CHECK(chain.chain_state() == before);
    }
    mirror.mutate(expected);
    CHECK(chain.count() == c);
    CHECK(input == expected);
  }
}

TEST_CASE("replay rebuilds exactly the input of every execution") {
  const std::vector<std::string> tokens = {"GET ", "\r\n"};
  const std::vector<std::vector<Value>> corpus = {
      {Value::of(std::string("other entry")), Value::of(1), Value::of(0.5)}};
  for (uint64_t seed = 0; seed < 5; ++seed) {
    CAPTURE(seed);
    Mutator worker(Pcg32(seed, 3), 128);
    worker.set_dictionary(&tokens);
    worker.set_splice_source(corpus);
    const std::vector<Value> original = {Value::of(std::string("hello")), Value::of(-3), Value::of(1.25)};
    std::vector<Value> input;
    MutationChain chain(worker, original);

    Mutator coordinator(Pcg32(999, 1), 128);  // its own state is irrelevant
    coordinator.set_dictionary(&tokens);
    coordinator.set_splice_source(corpus);
    for (int i = 0; i < 23; ++i) {
      chain.next(input);
      CAPTURE(chain.count());
      CHECK(replay(coordinator, original, chain.chain_state(), chain.count()) == input);
    }
  }
}

TEST_CASE("The chain does not hand the original back: an unchanging mutation is drawn again") {
  // "aaaa": swaps, copies and byte sets often leave it as it was.
  const std::vector<Value> original = {Value::of(std::string("aaaa"))};
  Mutator plain(Pcg32(7, 1), 16);  // one mutation per execution, no retry
  std::vector<Value> input = original;
  int plain_same = 0;
  for (int i = 0; i < 500; ++i) {
    input = original;
    plain.mutate(input);
    plain_same += input == original;
  }
  CHECK(plain_same > 20);  // the case is real

  Mutator m(Pcg32(7, 1), 16);
  Mutator coordinator(Pcg32(1, 1), 16);
  MutationChain chain(m, original);
  int chain_same = 0;
  for (int i = 0; i < 500; ++i) {
    chain.next(input);
    chain_same += input == original;
    REQUIRE(replay(coordinator, original, chain.chain_state(), chain.count()) == input);
  }
  CHECK(chain_same <= 2);  // only when five draws in a row change nothing
}
