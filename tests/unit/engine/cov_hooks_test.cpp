// cov_hooks_test.cpp: what the switch hook records in the comparison table
// (engine/worker/cov_hooks.cpp, engine/worker/cmp_table.h).
#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <utility>

#include "engine/worker/cmp_table.h"

extern "C" void __sanitizer_cov_trace_switch(uint64_t val, uint64_t* cases);

using namespace cxxtest::runtime::engine;

namespace {

// The (case, operand) pairs the table holds from switch hooks.
std::set<std::pair<uint64_t, uint64_t>> switch_records() {
  std::set<std::pair<uint64_t, uint64_t>> out;
  const CmpEntry* table = cmp_table();
  for (size_t i = 0; i < kCmpSlots; ++i)
    if (table[i].flags == (kCmpConst | kCmpSwitch)) out.insert({table[i].a, table[i].b});
  return out;
}

// Runs the hook on a clang-style case table: count, width in bits, then the
// case values sorted ascending.
std::set<std::pair<uint64_t, uint64_t>> run_switch(uint64_t val) {
  uint64_t cases[] = {3, 32, 1, 101, 1001};
  clear_cmp_table();
  __sanitizer_cov_trace_switch(val, cases);
  return switch_records();
}

using Records = std::set<std::pair<uint64_t, uint64_t>>;

}  // namespace

TEST_CASE("The switch hook records the nearest case below and above the operand") {
  CHECK(run_switch(50) == Records{{1, 50}, {101, 50}});
  CHECK(run_switch(101) == Records{{101, 101}, {1001, 101}});
  CHECK(run_switch(1000) == Records{{101, 1000}, {1001, 1000}});
}

TEST_CASE("The switch hook records one case when the operand is outside the cases") {
  CHECK(run_switch(0) == Records{{1, 0}});
  CHECK(run_switch(5000) == Records{{1001, 5000}});
}

TEST_CASE("Operand widths come from the case table, in bytes") {
  uint64_t cases[] = {2, 8, 'a', 'z'};
  clear_cmp_table();
  __sanitizer_cov_trace_switch('m', cases);
  size_t seen = 0;
  for (size_t i = 0; i < kCmpSlots; ++i) {
    if (cmp_table()[i].flags != (kCmpConst | kCmpSwitch)) continue;
    CHECK(cmp_table()[i].size == 1);
    ++seen;
  }
  CHECK(seen == 2);
}

TEST_CASE("With recording off, the hooks leave the table as it is") {
  uint64_t cases[] = {3, 32, 1, 101, 1001};
  clear_cmp_table();
  set_cmp_recording(false);
  __sanitizer_cov_trace_switch(50, cases);
  record_cmp(0x1234, 7, 8, 4, 0);
  CHECK(cmp_recording() == false);
  CHECK(switch_records().empty());
  CHECK(cmp_table()[(0x1234 >> 4 ^ 0x1234 >> 13) & (kCmpSlots - 1)].size == 0);
  set_cmp_recording(true);
  __sanitizer_cov_trace_switch(50, cases);
  CHECK(switch_records() == Records{{1, 50}, {101, 50}});
}

extern "C" void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b);

TEST_CASE("Every compare hook call is counted, recorded or not") {
  uint64_t cases[] = {2, 8, 'a', 'z'};
  set_cmp_recording(false);
  uint64_t before = compares_made();
  __sanitizer_cov_trace_cmp4(1, 2);
  __sanitizer_cov_trace_switch('m', cases);
  CHECK(compares_made() - before == 2);
  set_cmp_recording(true);
  before = compares_made();
  __sanitizer_cov_trace_cmp4(1, 2);
  __sanitizer_cov_trace_switch('m', cases);  // two records, one compare
  CHECK(compares_made() - before == 2);
}
