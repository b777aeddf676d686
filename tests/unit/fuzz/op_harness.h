// op_harness.h: runs one byte op of a BasicMutator<ScriptedRandom>.
#pragma once

#include "scripted_random.h"

#include <doctest/doctest.h>

#include <bit>
#include <initializer_list>
#include <string>

static_assert(std::endian::native == std::endian::little,
              "the expected bytes of random fills assume a little-endian host");

// The result of `op` on s with the given draws; the op must apply and use
// every draw.
inline std::string apply_op(cxxtest::fuzz::ByteOp op, std::string s, std::initializer_list<uint64_t> draws,
                            size_t max = 100) {
  cxxtest::fuzz::BasicMutator<cxxtest::fuzz::ScriptedRandom> m(draws, max);
  REQUIRE(m.apply(op, s, 0));
  CHECK(m.rng().remaining() == 0);
  return s;
}

// Whether `op` applies to s (given the draws it makes before giving up);
// checks that s is unchanged when it does not.
inline bool op_applies(cxxtest::fuzz::ByteOp op, std::string s, std::initializer_list<uint64_t> draws,
                       size_t max = 100) {
  cxxtest::fuzz::BasicMutator<cxxtest::fuzz::ScriptedRandom> m(draws, max);
  const std::string before = s;
  bool applied = m.apply(op, s, 0);
  if (!applied) CHECK(s == before);
  CHECK(m.rng().remaining() == 0);
  return applied;
}
