// A fuzz parameter must have a fuzzable type.
// expect: a fuzz function parameter has a type cxxtest cannot fuzz
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { f.Fuzz([](cxxtest::T&, std::map<int, int>) {}); }
