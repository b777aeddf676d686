// The fuzz function's first parameter must be cxxtest::T&.
// expect: the first parameter of the fuzz function must be cxxtest::T&
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { f.Fuzz([](int, int) {}); }
