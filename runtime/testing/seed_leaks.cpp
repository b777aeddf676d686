// testing/seed_leaks.cpp: see seed_leaks.h.
#include "testing/seed_leaks.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "engine/worker/leak_check.h"
#include "testing/output.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {
namespace {

bool g_on = false;
bool g_leaked = false;

// Registered at the first leak, so it runs before LeakSanitizer's own exit
// check (registered at start-up; exit handlers run last-registered first):
// that check would print the leaks just reported again, and then a panic
// naming no test. Ends the process as that check would on finding them.
void end_before_repeat_report(int status, void*) {
  std::fflush(nullptr);
  _exit(status == 0 ? 1 : status);
}

void end_before_exit_check() {
  if (!g_leaked) on_exit(end_before_repeat_report, nullptr);
  g_leaked = true;
}

}  // namespace

void start_seed_leak_checks() { g_on = engine::start_leak_checks(true, false); }

bool seed_leak_checks_on() { return g_on; }

void begin_seed_leak_window() { engine::begin_leak_window(); }

void check_seed_leak(TestState& t) {
  if (!engine::input_leaked()) return;
  log_decorated(t, decorate("", "the input leaked memory (LeakSanitizer's report is above)"));
  fail(t);
  end_before_exit_check();
}

void input_threw_during_leak_checks() { end_before_exit_check(); }

}  // namespace cxxtest::runtime
