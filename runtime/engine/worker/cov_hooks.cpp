// engine/worker/cov_hooks.cpp: the SanitizerCoverage callbacks that code compiled
// with -fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp,stack-depth
// calls, and the thread-local variable stack-depth writes.
//
// The runtime defines them itself (no -fsanitize=fuzzer), so an instrumented
// test binary links, and so does a plain one with [deps] (which links the
// fuzz build's libraries: the counters count and compares record, unread);
// a plain binary without deps never references them and this object is not
// even pulled out of the archive. Everything here runs inside the
// target's hot code: no locks, no allocation, no calls into the engine.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "engine/shared/coverage.h"
#include "engine/worker/cmp_table.h"

namespace cxxtest::runtime::engine {
namespace {

CmpEntry g_table[kCmpSlots];
bool g_recording = true;
// Every compare hook call on this thread, recording or not (cmp_table.h).
// Per thread: the worker runs the target on its own thread, so the count is
// that thread's exactly, repeatable, and no cache line is shared with a
// thread the target starts.
__attribute__((tls_model("initial-exec"))) __thread uint64_t t_compares = 0;

inline size_t slot_for(uintptr_t pc) { return ((pc >> 4) ^ (pc >> 13)) & (kCmpSlots - 1); }

void count_compare() { ++t_compares; }

// Records without counting: a switch hook counts once, records up to twice.
void store_cmp(uintptr_t pc, uint64_t a, uint64_t b, uint32_t size, uint32_t flags) {
  if (!cmp_recording()) return;
  CmpEntry& e = g_table[slot_for(pc)];
  __atomic_store_n(&e.a, a, __ATOMIC_RELAXED);
  __atomic_store_n(&e.b, b, __ATOMIC_RELAXED);
  __atomic_store_n(&e.size, size, __ATOMIC_RELAXED);
  __atomic_store_n(&e.flags, flags, __ATOMIC_RELAXED);
}

}  // namespace

CmpEntry* cmp_table() { return g_table; }
void set_cmp_recording(bool on) { __atomic_store_n(&g_recording, on, __ATOMIC_RELAXED); }
bool cmp_recording() { return __atomic_load_n(&g_recording, __ATOMIC_RELAXED); }

uint64_t compares_made() { return t_compares; }

void record_cmp(uintptr_t pc, uint64_t a, uint64_t b, uint32_t size, uint32_t flags) {
  count_compare();
  store_cmp(pc, a, b, size, flags);
}

void clear_cmp_table() { std::memset(static_cast<void*>(g_table), 0, sizeof g_table); }

}  // namespace cxxtest::runtime::engine

using cxxtest::runtime::engine::kCmpConst;
using cxxtest::runtime::engine::kCmpDiv;
using cxxtest::runtime::engine::kCmpGep;
using cxxtest::runtime::engine::kCmpSwitch;
using cxxtest::runtime::engine::cmp_recording;
using cxxtest::runtime::engine::count_compare;
using cxxtest::runtime::engine::store_cmp;
using cxxtest::runtime::engine::record_cmp;

#define CXXTEST_PC() reinterpret_cast<uintptr_t>(__builtin_return_address(0))

extern "C" {

// -fsanitize-coverage=stack-depth's lowest frame address (stack_depth.h).
// Weak: the sanitizer runtimes define it as well.
__attribute__((weak)) __thread uintptr_t __sancov_lowest_stack;

// One call per instrumented module (each translation unit's constructor
// passes its module's whole __sancov_cntrs section).
void __sanitizer_cov_8bit_counters_init(uint8_t* begin, uint8_t* end) {
  cxxtest::runtime::engine::register_region(begin, end);
}

// The pc table: (pc, flags) per counter of the module just registered.
void __sanitizer_cov_pcs_init(const uintptr_t* begin, const uintptr_t* end) {
  cxxtest::runtime::engine::register_pcs(begin, end);
}

void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) { record_cmp(CXXTEST_PC(), a, b, 1, 0); }
void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) { record_cmp(CXXTEST_PC(), a, b, 2, 0); }
void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) { record_cmp(CXXTEST_PC(), a, b, 4, 0); }
void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) { record_cmp(CXXTEST_PC(), a, b, 8, 0); }
void __sanitizer_cov_trace_const_cmp1(uint8_t a, uint8_t b) { record_cmp(CXXTEST_PC(), a, b, 1, kCmpConst); }
void __sanitizer_cov_trace_const_cmp2(uint16_t a, uint16_t b) {
  record_cmp(CXXTEST_PC(), a, b, 2, kCmpConst);
}
void __sanitizer_cov_trace_const_cmp4(uint32_t a, uint32_t b) {
  record_cmp(CXXTEST_PC(), a, b, 4, kCmpConst);
}
void __sanitizer_cov_trace_const_cmp8(uint64_t a, uint64_t b) {
  record_cmp(CXXTEST_PC(), a, b, 8, kCmpConst);
}

// cases[0] is the number of cases, cases[1] the operand width in bits, then
// the case values, which clang sorts in ascending (unsigned) order. The
// operand is recorded against the case values nearest to it from below and
// above (what a mutation should try), found by binary search: a lexer's
// switch has a case per character, and a linear scan of them took a third
// of a JSON parser's fuzzing time. Were the cases not sorted, the recorded
// values would still be cases of this switch, only not the nearest.
void __sanitizer_cov_trace_switch(uint64_t val, uint64_t* cases) {
  count_compare();  // one compare however many records it makes
  if (!cmp_recording()) return;
  uint64_t n = cases[0];
  const uint64_t* values = cases + 2;
  // values[i] is the first case above val
  uint64_t i = uint64_t(std::upper_bound(values, values + n, val) - values);
  uint32_t size = static_cast<uint32_t>(cases[1] / 8);
  uintptr_t pc = CXXTEST_PC();
  if (i > 0) store_cmp(pc, values[i - 1], val, size, kCmpConst | kCmpSwitch);
  // pc + 16: another slot (slot_for ignores the low 4 bits), so the two
  // records do not overwrite each other.
  if (i < n) store_cmp(pc + 16, values[i], val, size, kCmpConst | kCmpSwitch);
}

void __sanitizer_cov_trace_div4(uint32_t val) { record_cmp(CXXTEST_PC(), 0, val, 4, kCmpDiv); }
void __sanitizer_cov_trace_div8(uint64_t val) { record_cmp(CXXTEST_PC(), 0, val, 8, kCmpDiv); }
void __sanitizer_cov_trace_gep(uintptr_t idx) { record_cmp(CXXTEST_PC(), 0, idx, sizeof idx, kCmpGep); }

}  // extern "C"
