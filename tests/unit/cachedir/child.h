// child.h: forked helper processes for the cross-process tests.
//
// The child runs `body` and leaves with _exit(body()), so it never runs
// doctest's or ScratchDir's teardown; it must not use doctest assertions.
#pragma once

#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

namespace cxxtest::testing {

template <class Body>
pid_t spawn(Body body) {
  pid_t pid = fork();
  if (pid == 0) _exit(body());
  return pid;
}

// The child's exit code, or 128 + signal number when a signal killed it,
// or -1 when waitpid fails.
inline int wait_child(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

// Blocks until one byte arrives on fd (a pipe): a "ready" handshake.
inline bool wait_byte(int fd) {
  char c;
  return read(fd, &c, 1) == 1;
}

inline bool send_byte(int fd) { return write(fd, "x", 1) == 1; }

}  // namespace cxxtest::testing
