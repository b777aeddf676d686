#include <cxxtest/cxxtest.h>

#include <string_view>

#include "heap/heap.h"

// The bug is the read itself: only AddressSanitizer reports it.
void FuzzHeap(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string_view s) {
    if (heap_puzzle::touch(s) == 1000) t.Fatalf("impossible");
  });
}
