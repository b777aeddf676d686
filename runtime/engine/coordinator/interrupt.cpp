// engine/coordinator/interrupt.cpp: see interrupt.h.
#include "engine/coordinator/interrupt.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>

namespace cxxtest::runtime::engine {
namespace {

std::atomic<bool> g_interrupted{false};
int g_pipe[2] = {-1, -1};

void on_sigint(int) {
  g_interrupted = true;
  char c = 1;
  if (g_pipe[1] >= 0) (void)!write(g_pipe[1], &c, 1);
}

}  // namespace

InterruptWatch::InterruptWatch() {
  g_interrupted = false;
  if (pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) g_pipe[0] = g_pipe[1] = -1;
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &saved_int_);
  sigaction(SIGTERM, &sa, &saved_term_);
}

InterruptWatch::~InterruptWatch() {
  sigaction(SIGINT, &saved_int_, nullptr);
  sigaction(SIGTERM, &saved_term_, nullptr);
  for (int& fd : g_pipe) {
    if (fd >= 0) close(fd);
    fd = -1;
  }
}

bool interrupted() { return g_interrupted.load(); }
int interrupt_fd() { return g_pipe[0]; }

}  // namespace cxxtest::runtime::engine
