// engine/coordinator/worker_link.h: what the coordinator needs of one worker, and of
// whatever makes workers.
//
// The coordinator only talks to workers through these two interfaces, so
// its scheduling, budgets and failure handling can run in a unit test
// against scripted workers (tests/unit/engine/fake_worker.h) without
// starting a process. The real ones are WorkerHandle and ProcessLauncher
// (worker_handle.h). The calls are per command, never per input: a
// virtual call there costs nothing next to the pipe round trip.
//
// A link's life: init() once (its shared memory), then any number of
// start() ... reap() rounds, one process each. Between them the shared
// memory stays, so the input a dead worker ran can still be read.
#pragma once

#include <memory>
#include <string>

#include "engine/shared/protocol.h"
#include "engine/shared/shm.h"

namespace cxxtest::runtime::engine {

class WorkerLink {
 public:
  virtual ~WorkerLink() = default;

  // Creates the shared memory for masks of mask_size bytes (once).
  virtual Status init(size_t mask_size) = 0;
  // Starts a worker; the previous one must have been reaped. Its first
  // reply is Hello.
  virtual Status start() = 0;
  // Started and not reaped yet (it may have died).
  virtual bool running() const = 0;
  // Readable when a reply waits, and at EOF once the worker is gone: what
  // the coordinator polls (with the other links' and ^C's).
  virtual int reply_fd() const = 0;
  // The worker's shared memory (shm.h), valid from init() on.
  virtual const ShmView& shm() const = 0;

  // Clears the failure record and the execution count, then sends cmd.
  // False if the worker is gone.
  virtual bool send(const Command& cmd) = 0;
  // Reads one reply; false at EOF (the worker died or exited).
  virtual bool receive(Reply& reply) = 0;
  // Closes the command pipe: the worker returns from F.Fuzz and exits.
  virtual void close_commands() = 0;
  // Kills the worker at once (no-op once reaped).
  virtual void kill_now() = 0;
  // Waits for the worker to end; returns its wait status (as waitpid).
  // timeout_ms < 0: as long as it takes; on timeout returns -1 and the
  // worker is still running.
  virtual int reap(int timeout_ms = -1) = 0;
  // The end (its last 4 KB, from a whole line) of what the current or
  // last worker process wrote to stdout and stderr: before it said Hello,
  // everything (why a worker that died while starting died); after, what
  // it wrote during its current or last RunOnce or Baseline command
  // (protocol.h): what a failing input printed. "" if none.
  virtual std::string output() const { return {}; }
};

class WorkerLauncher {
 public:
  virtual ~WorkerLauncher() = default;
  // A link for one more worker slot, sharing the coverage mask `mask_fd`
  // (read-only for the worker). fixed_addresses: its processes run with
  // address-space randomization off (a repeatable run, coordinator.h).
  virtual std::unique_ptr<WorkerLink> make(int mask_fd, bool fixed_addresses) = 0;
};

}  // namespace cxxtest::runtime::engine
