// export/export_body.cpp: see export_body.h.
#include "export/export_body.h"

#include "crash/exceptions.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {

BodyResult run_body_with(const internal::FuzzEntry& entry, FuzzRunner runner) {
  TestContext ctx(1, Filter{}, Filter{}, std::nullopt);
  TestState root(ctx, nullptr, "", false);
  TestState f(ctx, &root, entry.name, false);
  f.fuzz = std::make_unique<FuzzState>();
  TestState* saved = current_test();
  current_test() = &f;
  set_fuzz_runner(runner);
  run_guarded(f, [&] { run_fuzz_body(f, entry.fn); });
  set_fuzz_runner(nullptr);
  current_test() = saved;
  std::lock_guard lock(f.mu);
  return BodyResult{f.failed, f.skipped, f.output};
}

}  // namespace cxxtest::runtime
