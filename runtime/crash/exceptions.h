// crash/exceptions.h: turning exceptions that leave test code into test failures.
#pragma once

#include <functional>
#include <string>

namespace cxxtest::runtime {

struct TestState;

// Runs fn for test t. StopTest (FailNow, SkipNow) ends fn quietly; any other
// exception fails t with "panic: uncaught exception <type>: <what()>" and,
// when it was recorded, the stack it was thrown from (current_throw_site).
// Thread cancellation (abi::__forced_unwind) is rethrown.
void run_guarded(TestState& t, const std::function<void()>& fn);

// "std::runtime_error: boom" (or just the type for exceptions not derived
// from std::exception) for the exception currently being handled; "" if none.
std::string describe_current_exception();

// The symbolized stack (write_stack's lines, unindented, without the
// runner's frames below the test) from which the exception being handled
// was thrown; "" when none was recorded (recording off, more than 8 throws
// since on this thread, or a statically linked C++ runtime).
std::string current_throw_site();

// Whether throws record their stack (on at start). A fuzzing worker turns it
// off: it never prints them, and a throwing target would pay on every input.
void record_throw_sites(bool on);

// Demangles a type name as given by std::type_info::name().
std::string demangle(const char* mangled);

}  // namespace cxxtest::runtime
