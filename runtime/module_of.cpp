// module_of.cpp: see module_of.h.
#include "module_of.h"

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

}  // namespace

ModuleHit module_of(uintptr_t pc) {
  Query q{pc, {}};
  dl_iterate_phdr(visit, &q);
  return q.hit;
}

}  // namespace cxxtest::runtime
