// export/fiber.h: a second stack on the calling thread (ucontext), so FuzzXxx's
// body can stay in F.Fuzz while the engine that calls LLVMFuzzerTestOneInput
// keeps the thread: each input switches to the fiber and back, a few hundred
// nanoseconds, where handing it to another thread costs two wake-ups
// (milliseconds on a loaded machine).
//
// The stack is a heap block referenced from a global, so LeakSanitizer
// scans it like any reachable block (pointers held only by the body's
// locals are not leaks). Under AddressSanitizer every switch is announced
// with __sanitizer_{start,finish}_switch_fiber. The fiber survives fork():
// the child has a copy of its stack, as of any memory.
#pragma once

namespace cxxtest::runtime {

// Starts `body` on the fiber (it must never return) and returns when it
// first calls fiber_yield().
void fiber_start(void (*body)());
// From the engine's stack: runs the fiber until it yields again.
void fiber_resume();
// From the fiber: back to whoever resumed it.
void fiber_yield();

}  // namespace cxxtest::runtime
