// crash/symbolize.h: symbolized stack traces from inside a signal handler.
#pragma once

#include <cstdint>
#include <string>

#include "crash/raw_writer.h"

namespace cxxtest::runtime {

// Finds the symbolizer ($CXXTEST_SYMBOLIZER, else llvm-symbolizer or
// llvm-symbolizer-14..20 on $PATH) and this executable's path. Call once
// at startup, before any crash can happen.
void init_symbolizer();

// This executable's path as init_symbolizer read it ("" before, or when
// /proc/self/exe could not be read); valid for the life of the process.
const char* executable_path();

// Writes one line per frame (inlined calls expanded), each indented by
// `indent` spaces: `#0 0x55d0c1 in Foo(int) /src/foo.cpp:12:3`, or without
// a symbolizer `#0 0x55d0c1 (/path/to/module+0x1234)`. frames[0] is an exact
// pc, the others are return addresses. Async-signal-safe except that it
// walks the loaded modules with dl_iterate_phdr; starts llvm-symbolizer with
// a raw clone (no fork handlers) and waits for it at most a few seconds.
// `shown_pcs`, if given, holds the addresses to print instead of frames[i]
// (another process's, for a stack it wrote unsymbolized).
void write_stack(RawWriter& w, void* const* frames, int n, int indent, const uintptr_t* shown_pcs = nullptr);

// The global variable at `offset` in the module at `path`, as llvm-symbolizer's
// DATA query names it: sets its name and size, or returns false (no
// symbolizer, no symbol there). Not for signal handlers.
bool symbolize_global(const char* path, uintptr_t offset, std::string& name, uint64_t& size);

}  // namespace cxxtest::runtime
