// The fuzz function must return void (Go: fuzz target must not return a value).
// expect: the fuzz function must not return a value
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { f.Fuzz([](cxxtest::T&, int) { return 1; }); }
