// Parameters of a generic lambda cannot be deduced.
// expect: generic lambda
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { f.Fuzz([](cxxtest::T&, auto) {}); }
