// int_solver_test.cpp: which argument values solve_candidates proposes
// from two comparison tables (engine/worker/int_solver.h).
#include "engine/worker/int_solver.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

using namespace cxxtest::runtime::engine;

namespace {

struct Tables {
  std::vector<CmpEntry> base = std::vector<CmpEntry>(kCmpSlots);
  std::vector<CmpEntry> moved = std::vector<CmpEntry>(kCmpSlots);
  std::vector<uint64_t> solve(uint64_t v, size_t cap = 64) {
    std::vector<uint64_t> out;
    solve_candidates(base.data(), moved.data(), v, out, cap);
    return out;
  }
};

bool has(const std::vector<uint64_t>& values, uint64_t x) {
  return std::find(values.begin(), values.end(), x) != values.end();
}

}  // namespace

TEST_CASE("A range check folded into `a - 100001 < 99` is solved through its offset") {
  Tables t;
  uint32_t a = 5;
  // __sanitizer_cov_trace_const_cmp4(99, a - 100001): the constant first.
  t.base[3] = CmpEntry{99, uint32_t(a - 100001), 4, kCmpConst};
  t.moved[3] = CmpEntry{99, uint32_t(a + 1 - 100001), 4, kCmpConst};
  auto c = t.solve(a);
  CHECK(has(c, 100099));  // a - 100001 == 98 < 99
  CHECK(has(c, 100100));  // the operand equal to the bound
  CHECK_FALSE(has(c, a));
}

TEST_CASE("An operand that moves by 7 per step is solved by division, with neighbours") {
  Tables t;
  int64_t a = 1000, b = 0;
  // b == 7 * a - 3 with the argument being a: b stays, 7a-3 moves by 7.
  t.base[10] = CmpEntry{uint64_t(b), uint64_t(7 * a - 3), 8, 0};
  t.moved[10] = CmpEntry{uint64_t(b), uint64_t(7 * (a + 1) - 3), 8, 0};
  auto c = t.solve(uint64_t(a));
  // 7x - 3 == 0 has no integer solution; the nearest are tried.
  CHECK(has(c, 0));
  CHECK(has(c, 1));
}

TEST_CASE("Gaps are taken within the operand width: a byte reaches its goal after truncation") {
  Tables t;
  uint8_t v = 200;
  t.base[0] = CmpEntry{uint64_t(v), 17, 1, 0};
  t.moved[0] = CmpEntry{uint64_t(uint8_t(v + 1)), 17, 1, 0};
  auto c = t.solve(v);
  REQUIRE_FALSE(c.empty());
  CHECK(uint8_t(c.front()) == 17);
}

TEST_CASE("Sites where both or neither operand moved, and divisions, give nothing") {
  Tables t;
  t.base[1] = CmpEntry{1, 2, 4, 0};
  t.moved[1] = CmpEntry{1, 2, 4, 0};  // unrelated to the argument
  t.base[2] = CmpEntry{5, 6, 4, 0};
  t.moved[2] = CmpEntry{6, 7, 4, 0};  // both moved: x == x + 1 style
  t.base[4] = CmpEntry{0, 9, 4, kCmpDiv};
  t.moved[4] = CmpEntry{0, 10, 4, kCmpDiv};
  t.base[5] = CmpEntry{3, 9, 4, 0};
  t.moved[5] = CmpEntry{3, 10, 2, 0};  // another width: another site
  CHECK(t.solve(9).empty());
}

TEST_CASE("The candidate list stops at its cap") {
  Tables t;
  for (size_t i = 0; i < 20; ++i) {
    t.base[i] = CmpEntry{1000 + i * 10, 5, 8, 0};
    t.moved[i] = CmpEntry{1000 + i * 10, 6, 8, 0};
  }
  CHECK(t.solve(5, 7).size() == 7);
}
