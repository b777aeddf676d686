// The fuzz function needs an argument after the T&.
// expect: needs at least two parameters
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { f.Fuzz([](cxxtest::T&) {}); }
