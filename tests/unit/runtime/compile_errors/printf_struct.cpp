// printf-style arguments must be printf-compatible.
// expect: printf-style arguments must be scalars
#include <cxxtest/cxxtest.h>

#include <map>

void FuzzX(cxxtest::F& f) { struct S {}; f.Logf("%d", S{}); }
