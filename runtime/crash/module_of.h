// crash/module_of.h: which loaded module holds a code address, and where in it.
// Async-signal-safe: one dl_iterate_phdr walk, no allocation, so crash
// handlers (engine/worker/worker_crash.cpp) and the symbolizer (symbolize.cpp)
// can both use it.
#pragma once

#include <cstdint>

namespace cxxtest::runtime {

struct ModuleHit {
  bool found = false;
  uint32_t index = 0;     // position in dl_iterate_phdr order (0: the executable)
  const char* name = "";  // the module's path; "" for the executable
  uintptr_t offset = 0;   // pc - the module's load address
};

// The module whose loaded segments contain `pc`.
ModuleHit module_of(uintptr_t pc);

// The load address of the module at `path` ("" for the executable, whose
// path dl_iterate_phdr does not give: pass `exe` as it is known, e.g. from
// /proc/self/exe, to match it by path too). A `path` without '/' is a base
// name (ThreadSanitizer prints modules so): the first module of that base
// name. False when no module has it.
bool module_base(const char* path, const char* exe, uintptr_t* base);

}  // namespace cxxtest::runtime
