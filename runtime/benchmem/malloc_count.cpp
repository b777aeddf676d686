// benchmem/malloc_count.cpp: libcxxtest_benchmem.a, the allocation counter
// of -bench builds (alloc_count.h reads it).
//
// Defines malloc and the rest of glibc's allocation functions, each counting
// one allocation and its requested size, then calling glibc's own
// (__libc_malloc and friends, which glibc exports for exactly this). glibc
// routes its internal allocations (strdup, fopen) through these too.
// operator new calls malloc, so it is counted without being replaced:
// the weak operator new of engine/worker/new_limit.cpp keeps its limit check.
//
// Linked whole (-Wl,--whole-archive) into -bench test binaries only, so
// plain and fuzz binaries keep glibc's malloc untouched, and never with
// ASan, TSan or MSan, whose malloc would clash (instrument::benchmem_archive).
// Weak, so a program's own malloc (jemalloc, say) still wins; it is then not
// counted. Two relaxed atomic adds per allocation; free costs nothing.
// C ABI only: no exceptions, no RTTI, nothing that allocates.
#include <cerrno>
#include <cstddef>
#include <cstdint>

extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void __libc_free(void*);
void* __libc_memalign(size_t, size_t);
void* __libc_valloc(size_t);
void* __libc_pvalloc(size_t);
}

namespace {

uint64_t g_mallocs = 0, g_bytes = 0;  // atomic through __atomic builtins

inline void count(size_t n) {
  __atomic_fetch_add(&g_mallocs, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&g_bytes, n, __ATOMIC_RELAXED);
}

}  // namespace

#define CXXTEST_MALLOC extern "C" __attribute__((weak, visibility("default")))

CXXTEST_MALLOC void cxxtest_benchmem_counts(uint64_t* mallocs, uint64_t* bytes) {
  *mallocs = __atomic_load_n(&g_mallocs, __ATOMIC_RELAXED);
  *bytes = __atomic_load_n(&g_bytes, __ATOMIC_RELAXED);
}

CXXTEST_MALLOC void* malloc(size_t n) {
  count(n);
  return __libc_malloc(n);
}

CXXTEST_MALLOC void free(void* p) { __libc_free(p); }

CXXTEST_MALLOC void* calloc(size_t n, size_t size) {
  count(n * size);
  return __libc_calloc(n, size);
}

// A realloc is one allocation of the new size (Go has none; this is what
// a copy to a new block would count).
CXXTEST_MALLOC void* realloc(void* p, size_t n) {
  if (n != 0 || p == nullptr) count(n);
  return __libc_realloc(p, n);
}

CXXTEST_MALLOC void* memalign(size_t align, size_t n) {
  count(n);
  return __libc_memalign(align, n);
}

CXXTEST_MALLOC void* aligned_alloc(size_t align, size_t n) {
  count(n);
  return __libc_memalign(align, n);
}

CXXTEST_MALLOC int posix_memalign(void** out, size_t align, size_t n) {
  if (align % sizeof(void*) != 0 || (align & (align - 1)) != 0 || align == 0) return EINVAL;
  count(n);
  void* p = __libc_memalign(align, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

CXXTEST_MALLOC void* valloc(size_t n) {
  count(n);
  return __libc_valloc(n);
}

CXXTEST_MALLOC void* pvalloc(size_t n) {
  count(n);
  return __libc_pvalloc(n);
}
