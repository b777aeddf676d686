// crash/module_of.cpp: see module_of.h.
#include "crash/module_of.h"

#include <link.h>

namespace cxxtest::runtime {
namespace {

struct Query {
  uintptr_t pc;
  ModuleHit hit;
};

int visit(dl_phdr_info* info, size_t, void* arg) {
  auto* q = static_cast<Query*>(arg);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type != PT_LOAD || q->pc < start || q->pc >= start + ph.p_memsz) continue;
    q->hit.found = true;
    q->hit.name = info->dlpi_name ? info->dlpi_name : "";
    q->hit.offset = q->pc - info->dlpi_addr;
    return 1;
  }
  ++q->hit.index;
  return 0;
}

struct BaseQuery {
  const char* path;
  const char* exe;
  uintptr_t base = 0;
  bool found = false;
};

bool same(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

// What follows the last '/' of path.
const char* base_name(const char* path) {
  const char* base = path;
  for (const char* p = path; *p; ++p)
    if (*p == '/') base = p + 1;
  return base;
}

int visit_for_base(dl_phdr_info* info, size_t, void* arg) {
  auto* q = static_cast<BaseQuery*>(arg);
  const char* name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : q->exe;
  // A path without '/' is a base name, as ThreadSanitizer prints modules.
  bool match = base_name(q->path) == q->path ? same(base_name(name), q->path) : same(name, q->path);
  if (!match) return 0;
  q->base = info->dlpi_addr;
  q->found = true;
  return 1;
}

}  // namespace

bool module_base(const char* path, const char* exe, uintptr_t* base) {
  BaseQuery q{path, exe};
  dl_iterate_phdr(visit_for_base, &q);
  *base = q.base;
  return q.found;
}

ModuleHit module_of(uintptr_t pc) {
  Query q{pc, {}};
  dl_iterate_phdr(visit, &q);
  return q.hit;
}

}  // namespace cxxtest::runtime
