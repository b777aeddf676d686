// libcxxtest_covstub.a: weak no-op SanitizerCoverage callbacks, so that code
// compiled with cxxtest's coverage flags (instrument::instrumented_flags,
// through cxxtest-cc / cxxtest-c++) links into programs that are not cxxtest
// test binaries: configure's test programs, a library's own tools and tests.
//
// Contract: every symbol is weak and does nothing, so whenever the cxxtest
// runtime (runtime/engine/worker/cov_hooks.cpp, strong definitions) or a sanitizer
// runtime (weak ones) is linked too, theirs are used. Compiled as C++ only
// for the build's convenience: every function is extern "C", the archive
// needs neither libstdc++ nor the cxxtest runtime (nm -u lists nothing), and
// it is never instrumented. The list is what
// -fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp,stack-depth makes
// an object reference (check with nm -u), plus the trace-div/trace-gep
// callbacks the runtime also defines.
#include <stdint.h>

#define CXXTEST_COVSTUB extern "C" __attribute__((weak, visibility("default")))

// stack-depth's thread-local lowest frame address (written, never read
// here). A definition: the block form of extern "C" does not make it extern.
extern "C" {
__attribute__((weak, visibility("default"))) __thread uintptr_t __sancov_lowest_stack;
}

CXXTEST_COVSTUB void __sanitizer_cov_8bit_counters_init(uint8_t*, uint8_t*) {}
CXXTEST_COVSTUB void __sanitizer_cov_pcs_init(const uintptr_t*, const uintptr_t*) {}

CXXTEST_COVSTUB void __sanitizer_cov_trace_cmp1(uint8_t, uint8_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_cmp2(uint16_t, uint16_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_cmp4(uint32_t, uint32_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_cmp8(uint64_t, uint64_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_const_cmp1(uint8_t, uint8_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_const_cmp2(uint16_t, uint16_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_const_cmp4(uint32_t, uint32_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_const_cmp8(uint64_t, uint64_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_switch(uint64_t, uint64_t*) {}

CXXTEST_COVSTUB void __sanitizer_cov_trace_div4(uint32_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_div8(uint64_t) {}
CXXTEST_COVSTUB void __sanitizer_cov_trace_gep(uintptr_t) {}
