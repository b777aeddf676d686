// exceptions.h: turning exceptions that leave test code into test failures.
#pragma once

#include <functional>
#include <string>

namespace cxxtest::runtime {

struct TestState;

// Runs fn for test t. StopTest (FailNow, SkipNow) ends fn quietly; any other
// exception fails t with "panic: uncaught exception <type>: <what()>".
// Thread cancellation (abi::__forced_unwind) is rethrown.
void run_guarded(TestState& t, const std::function<void()>& fn);

// "std::runtime_error: boom" (or just the type for exceptions not derived
// from std::exception) for the exception currently being handled; "" if none.
std::string describe_current_exception();

// Demangles a type name as given by std::type_info::name().
std::string demangle(const char* mangled);

}  // namespace cxxtest::runtime
