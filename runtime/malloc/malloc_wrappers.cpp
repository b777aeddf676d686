// malloc/malloc_wrappers.cpp: glibc's allocation functions, defined in the
// test binary, each checking the one-allocation limit of -fuzzrsslimit and,
// built as libcxxtest_benchmem.a (CXXTEST_MALLOC_COUNTS=1), counting one
// allocation and its requested size for -bench's B/op and allocs/op
// (bench/alloc_count.h); then calling glibc's own (__libc_malloc and
// friends, which glibc exports for exactly this). glibc routes its internal
// allocations (strdup, fopen) through these too.
//
// The limit: operator new has its own check (engine/worker/new_limit.cpp),
// but a C library allocates with malloc, and libpng 1.2.56's malloc of 2 GB
// went unseen in a plain fuzz build (nothing touched its pages, so the
// resident set never grew) and passed a plain run of the reproducer, while
// the -asan build caught it from the sanitizer's allocation hook. One load
// and a well-predicted branch per allocation while no limit is set.
//
// Which binary links which (instrument::malloc_archive), whole: -bench
// builds the counting one, other plain and fuzz builds the checking one;
// none under ASan, TSan or MSan, whose malloc (with its hook) is the
// program's. Weak, so a program's own malloc (jemalloc, say) still wins; it
// is then neither counted nor checked. free is glibc's, untouched.
// C ABI only: no exceptions, no RTTI, nothing that allocates.
#include <cerrno>
#include <cstddef>
#include <cstdint>

#include "engine/worker/allocation_limit.h"

extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void* __libc_memalign(size_t, size_t);
void* __libc_valloc(size_t);
void* __libc_pvalloc(size_t);
}

namespace {

#if CXXTEST_MALLOC_COUNTS
uint64_t g_mallocs = 0, g_bytes = 0;  // atomic through __atomic builtins
#endif

// One allocation of n bytes.
inline void note(size_t n) {
#if CXXTEST_MALLOC_COUNTS
  __atomic_fetch_add(&g_mallocs, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&g_bytes, n, __ATOMIC_RELAXED);
#endif
  if (cxxtest::runtime::engine::over_allocation_limit(n)) [[unlikely]]
    cxxtest_allocation_over_limit(n);
}

}  // namespace

#define CXXTEST_MALLOC extern "C" __attribute__((weak, visibility("default")))

#if CXXTEST_MALLOC_COUNTS
CXXTEST_MALLOC void cxxtest_benchmem_counts(uint64_t* mallocs, uint64_t* bytes) {
  *mallocs = __atomic_load_n(&g_mallocs, __ATOMIC_RELAXED);
  *bytes = __atomic_load_n(&g_bytes, __ATOMIC_RELAXED);
}
#endif

CXXTEST_MALLOC void* malloc(size_t n) {
  note(n);
  return __libc_malloc(n);
}

// A product that overflows is no allocation: glibc returns null (ENOMEM).
CXXTEST_MALLOC void* calloc(size_t n, size_t size) {
  size_t total = 0;
  if (!__builtin_mul_overflow(n, size, &total)) note(total);
  return __libc_calloc(n, size);
}

// A realloc is one allocation of the new size (Go has none; this is what
// a copy to a new block would count).
CXXTEST_MALLOC void* realloc(void* p, size_t n) {
  if (n != 0 || p == nullptr) note(n);
  return __libc_realloc(p, n);
}

CXXTEST_MALLOC void* memalign(size_t align, size_t n) {
  note(n);
  return __libc_memalign(align, n);
}

CXXTEST_MALLOC void* aligned_alloc(size_t align, size_t n) {
  note(n);
  return __libc_memalign(align, n);
}

CXXTEST_MALLOC int posix_memalign(void** out, size_t align, size_t n) {
  if (align % sizeof(void*) != 0 || (align & (align - 1)) != 0 || align == 0) return EINVAL;
  note(n);
  void* p = __libc_memalign(align, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

CXXTEST_MALLOC void* valloc(size_t n) {
  note(n);
  return __libc_valloc(n);
}

CXXTEST_MALLOC void* pvalloc(size_t n) {
  note(n);
  return __libc_pvalloc(n);
}
