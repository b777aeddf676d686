// testing/test_state.cpp: logging, failing and reporting of one test (Go's common).
#include "testing/test_state.h"

#include <cstdio>

#include "crash/exceptions.h"
#include "flags/config.h"
#include "flags/duration.h"
#include "testing/output.h"

namespace cxxtest::runtime {
namespace {

std::atomic<int> num_failed{0};

}  // namespace

TestState::TestState(TestContext& ctx_, TestState* parent_, std::string name_, bool chatty_)
    : ctx(ctx_),
      parent(parent_),
      level(parent_ ? parent_->level + 1 : 0),
      name(std::move(name_)),
      chatty(chatty_) {}

TestState*& current_test() {
  thread_local TestState* current = nullptr;
  return current;
}

void fail(TestState& t) {
  if (t.parent) fail(*t.parent);
  std::lock_guard lock(t.mu);
  t.failed = true;
}

bool failed(const TestState& t) {
  std::lock_guard lock(t.mu);
  return t.failed;
}

bool skipped(const TestState& t) {
  std::lock_guard lock(t.mu);
  return t.skipped;
}

void fail_now(TestState& t) {
  fail(t);
  {
    std::lock_guard lock(t.mu);
    t.finished = true;
  }
  t.stop_thrown = true;
  throw StopTest{};
}

void skip_now(TestState& t) {
  {
    std::lock_guard lock(t.mu);
    t.skipped = true;
    t.finished = true;
  }
  t.stop_thrown = true;
  throw StopTest{};
}

void log_decorated(TestState& t, std::string_view text) {
  std::lock_guard lock(t.mu);
  if (t.done) {
    // Go: a finished test's late log goes to the nearest unfinished parent.
    for (TestState* p = t.parent; p; p = p->parent) {
      std::lock_guard plock(p->mu);
      if (!p->done) {
        p->output += text;
        return;
      }
    }
    std::fprintf(stderr, "testing: Log in goroutine after %s has completed: %.*s", t.name.c_str(),
                 int(text.size()), text.data());
    return;
  }
  if (t.chatty) {
    chatty().print(t.name, text);
  } else {
    t.output += text;
  }
}

void log_at(TestState& t, internal::Location loc, std::string_view text) {
  log_decorated(t, decorate(location_prefix(loc), text));
}

void log_panic(TestState& t, std::string_view what) {
  log_decorated(t, decorate("", "panic: " + std::string(what)));
  fail(t);
}

ContextState& context_of(TestState& t) {
  std::lock_guard lock(t.mu);
  bool stale = !t.contexts.empty() && t.contexts.back()->source.stop_requested() && !t.cleanup_started;
  if (t.contexts.empty() || stale) {
    t.contexts.push_back(std::make_unique<ContextState>());
    // A cleanup to cancel it by: a fuzzing worker runs an input's cleanups
    // only when it has some (engine/worker/executor.cpp).
    t.cleanups.push_back([] {});
  }
  return *t.contexts.back();
}

void run_cleanups(TestState& t) {
  ContextState* context = nullptr;
  {
    std::lock_guard lock(t.mu);
    if (!t.contexts.empty()) context = t.contexts.back().get();
  }
  if (context && context->source.request_stop()) {
    std::lock_guard lock(context->mu);
    context->cv.notify_all();
  }
  for (;;) {
    std::function<void()> fn;
    {
      std::lock_guard lock(t.mu);
      t.cleanup_started = true;
      if (t.cleanups.empty()) break;
      fn = std::move(t.cleanups.back());
      t.cleanups.pop_back();
    }
    run_guarded(t, fn);
  }
}

void report(TestState& t) {
  if (!t.parent) return;
  const char* status = nullptr;
  if (failed(t)) {
    status = "FAIL";
  } else if (t.chatty) {
    status = skipped(t) ? "SKIP" : "PASS";
  }
  if (!status) return;
  std::string text = frame() + std::string("--- ") + status + ": " + t.name + " (" +
                     format_seconds(std::chrono::nanoseconds(t.duration).count()) + ")\n";
  TestState& p = *t.parent;
  std::lock_guard plock(p.mu);
  std::lock_guard lock(t.mu);
  text += t.output;
  t.output.clear();
  if (p.parent) {
    p.output += indent(text);
  } else if (t.chatty) {
    chatty().update(t.name, text);
  } else {
    write_stdout(text);
  }
}

void set_ran(TestState& t) {
  for (TestState* p = &t; p; p = p->parent) {
    std::lock_guard lock(p->mu);
    p->ran = true;
  }
}

void check_fuzz_fn(TestState* s, const char* method) {
  if (!s->fuzz || !s->fuzz->in_fuzz_fn) return;
  TestState* t = current_test();
  if (!t) t = s;
  std::string m = method;
  log_panic(*t, "testing: f." + m + " was called inside the fuzz target, use t." + m + " instead");
  fail_now(*t);
}

bool should_fail_fast() { return flags().failfast && num_failed.load() > 0; }

void count_failure() { ++num_failed; }

}  // namespace cxxtest::runtime
