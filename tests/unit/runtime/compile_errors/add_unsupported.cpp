// F::Add rejects types that cannot be fuzzed (Go: unsupported type to Add).
// expect: F::Add argument of a type cxxtest cannot fuzz
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { f.Add(std::map<int, int>{}); }
