// engine/coordinator/interrupt.h: SIGINT while fuzzing (Go: ^C stops the workers, keeps
// the corpus and passes), and SIGTERM the same way: `timeout 60 cxxtest
// -fuzz=...` (which signals the whole process group) or a CI job's end
// stops fuzzing as libFuzzer and AFL++ stop on it, a failure being
// minimized reported with the input as minimized so far.
//
// While an InterruptWatch lives, SIGINT or SIGTERM sets a flag and makes
// interrupt_fd() readable (a self-pipe), so the coordinator's poll wakes
// up; the previous dispositions are restored when it dies.
#pragma once

#include <signal.h>

namespace cxxtest::runtime::engine {

class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

 private:
  struct sigaction saved_int_ {};
  struct sigaction saved_term_ {};
};

bool interrupted();
// Readable once SIGINT or SIGTERM arrived; -1 outside an InterruptWatch.
int interrupt_fd();

}  // namespace cxxtest::runtime::engine
