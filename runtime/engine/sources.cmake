# The fuzzing engine's sources (runtime/engine/) and the pure engine logic it
# drives (runtime/fuzz/), relative to runtime/; part of libcxxtest_runtime.a.
# One group per room: which process runs the code (ARCHITECTURE.md).
set(CXXTEST_ENGINE_SOURCES
  # Decides which side this process is.
  engine/fuzz_run.cpp
  # The coordinator process.
  engine/coordinator/coordinator.cpp
  engine/coordinator/coordinator_crash.cpp
  engine/coordinator/coordinator_events.cpp
  engine/coordinator/coordinator_progress.cpp
  engine/coordinator/coordinator_slow.cpp
  engine/coordinator/corpus.cpp
  engine/coordinator/interrupt.cpp
  engine/coordinator/progress.cpp
  engine/coordinator/report.cpp
  engine/coordinator/sanitizer_frames.cpp
  engine/coordinator/sanitizer_report.cpp
  engine/coordinator/unstable.cpp
  engine/coordinator/worker_handle.cpp
  # The worker processes.
  engine/worker/cmp_table.h
  engine/worker/cov_hooks.cpp
  engine/worker/executor.cpp
  engine/worker/guidance.cpp
  engine/worker/int_solver.cpp
  engine/worker/leak_check.cpp
  engine/worker/new_limit.cpp
  engine/worker/stack_depth.cpp
  engine/worker/worker.cpp
  engine/worker/worker_crash.cpp
  engine/worker/worker_limits.cpp
  # The contract both sides read and write.
  engine/shared/auto_dict.cpp
  engine/shared/coverage.cpp
  engine/shared/failure.cpp
  engine/shared/input_codec.cpp
  engine/shared/protocol.cpp
  engine/shared/shm.cpp
  # The pure logic: mutators, minimizer, budgets.
  fuzz/budget.cpp
  fuzz/chain.cpp
  fuzz/minimize.cpp
  fuzz/minimize_scalar.cpp
  fuzz/mutator.cpp
  fuzz/rng.cpp
)
