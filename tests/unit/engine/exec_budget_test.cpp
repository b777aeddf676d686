// exec_budget_test.cpp: -fuzztime=Nx accounting (engine/coordinator/exec_budget.h).
#include "engine/coordinator/exec_budget.h"

#include <doctest/doctest.h>

using cxxtest::runtime::engine::ExecBudget;

TEST_CASE("Grants never exceed what is neither done nor reserved") {
  ExecBudget b(1000);
  CHECK(b.slice(2, 99) == 500);
  CHECK(b.grant(2) == 2);  // a baseline of two entries
  CHECK(b.grant(500) == 500);
  CHECK(b.grant(500) == 498);
  CHECK(b.grant(1) == 0);
  CHECK(b.in_flight() == 1000);
  b.settle(2, 2);
  b.settle(500, 120);  // a slice that stopped at new coverage
  CHECK(b.done() == 122);
  CHECK(b.unreserved() == 380);
  CHECK(b.grant(500) == 380);
  b.settle(498, 498);
  b.settle(380, 380);
  CHECK(b.done() == 1000);
  CHECK(b.exhausted());
  CHECK(b.grant(1) == 0);
}

TEST_CASE("A command never counts more than it was granted") {
  ExecBudget b(10);
  CHECK(b.grant(10) == 10);
  b.settle(10, 12);
  CHECK(b.done() == 10);
}

TEST_CASE("Slices share the count between workers, at least one each") {
  CHECK(ExecBudget(1001).slice(2, 0) == 501);
  CHECK(ExecBudget(1).slice(8, 0) == 1);
}

TEST_CASE("Without a limit grants are what was asked and counts are kept") {
  ExecBudget b;
  CHECK_FALSE(b.limited());
  CHECK(b.slice(4, 77) == 77);
  CHECK(b.grant(1'000'000) == 1'000'000);
  b.settle(1'000'000, 12345);
  CHECK(b.done() == 12345);
  CHECK_FALSE(b.exhausted());
}
