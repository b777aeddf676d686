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

// The same site unsymbolized, at most `max` frames into `out`: [0] the
// throw's own pc, the others return addresses (write_stack's convention).
// 0 when none was recorded, or recording is off. A fuzzing worker records these; the
// coordinator symbolizes them (engine/coordinator/report.h).
int current_throw_frames(void** out, int max);

// `stack` (write_stack's lines) without the frames below the test: from
// the first of cxxtest's runner on, and the std::function plumbing above it.
std::string without_runner_frames(std::string stack);
// The same, but a stack that is all runner frames (a failure in cxxtest
// itself) whole, as a report shows it.
std::string without_runner_frames_or_whole(const std::string& stack);

// Whether throws record their stack (on at start). A fuzzing worker turns it
// off while it fuzzes (a throwing target would pay on every input) and on
// while a failure's input runs again for its report.
void record_throw_sites(bool on);

// Demangles a type name as given by std::type_info::name().
std::string demangle(const char* mangled);

}  // namespace cxxtest::runtime
