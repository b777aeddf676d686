// engine/coordinator/interrupt.h: SIGINT while fuzzing (Go: ^C stops the workers, keeps
// the corpus and passes).
//
// While an InterruptWatch lives, SIGINT sets a flag and makes interrupt_fd()
// readable (a self-pipe), so the coordinator's poll wakes up; the previous
// disposition is restored when it dies.
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
  struct sigaction saved_ {};
};

bool interrupted();
// Readable once SIGINT arrived; -1 outside an InterruptWatch.
int interrupt_fd();

}  // namespace cxxtest::runtime::engine
