// The signature check: is a function named TestXxx / FuzzXxx really one?
#pragma once

#include <string>

#include "rules.h"

namespace clang {
class FunctionDecl;
}

namespace cxxtest::discover {

// Checks a function definition whose name has the given kind. Returns "" when
// it has the required shape (void TestXxx(cxxtest::T&) / void
// FuzzXxx(cxxtest::F&) / void BenchmarkXxx(cxxtest::B&): one lvalue reference to non-const cxxtest::T,
// cxxtest::F or cxxtest::B, the class in namespace cxxtest; no default argument; not
// variadic, a template, constexpr, consteval or inline; external C++ linkage),
// else the message for the first rule it breaks, in this order: template,
// signature, language linkage, linkage.
//
// A declaration Clang marked invalid (its parameter type did not resolve,
// e.g. cxxtest.h was not found) is accepted: the real compile reports the
// actual error, which says more than "wrong signature" would.
std::string check_signature(const clang::FunctionDecl& function, Kind kind);

}  // namespace cxxtest::discover
