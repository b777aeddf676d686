// crash/crash.cpp: fatal signals, std::terminate and exit() during a test (crash.h).
#include "crash/crash.h"

#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <exception>
#include <string>

#include "crash/exceptions.h"
#include "crash/input_stack.h"
#include "crash/race.h"
#include "crash/raw_writer.h"
#include "crash/symbolize.h"
#include "testing/output.h"
#include "testing/running.h"
#include "testing/test_state.h"

// ThreadSanitizer reads its defaults from here. It does not halt by itself:
// after each report race.cpp halts the process (fuzzing: exit status 66,
// the worker's input kept) or fails the test that raced (plain runs).
extern "C" const char* __tsan_default_options() { return "halt_on_error=0"; }

// UndefinedBehaviorSanitizer likewise: undefined behaviour fails the test
// (and is a fuzzing failure with a reproducer), as the man page promises,
// instead of a report scrolling by under --- PASS.
extern "C" const char* __ubsan_default_options() { return "halt_on_error=1:print_stacktrace=1"; }

// Defined only when a sanitizer runtime is linked in (-asan, -ubsan, -race).
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
// Defined only when AddressSanitizer's runtime is linked in.
extern "C" void __asan_init() __attribute__((weak));

namespace cxxtest::runtime {
namespace {

constexpr size_t kAltStackSize = 256 * 1024;
constexpr int kMaxFrames = 64;

std::atomic<bool> tests_running{false};
std::atomic<bool> crashing{false};
std::atomic<bool> sanitizer_deaths_quiet{false};  // quiet_sanitizer_deaths
std::atomic<const char*> inputs_target{nullptr};  // set_inputs_left
std::atomic<size_t> inputs_left{0};

const struct {
  int signo;
  const char* text;
} kSignals[] = {
    {SIGSEGV, "signal SIGSEGV: segmentation violation"},
    {SIGBUS, "signal SIGBUS: bus error"},
    {SIGFPE, "signal SIGFPE: floating-point exception"},
    {SIGILL, "signal SIGILL: illegal instruction"},
    {SIGABRT, "signal SIGABRT: abort"},
};

int64_t now_nanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// Writes s with every line prefixed by `indent` spaces.
void write_indented(RawWriter& w, std::string_view s, int indent) {
  bool line_start = true;
  for (char c : s) {
    if (line_start) w.spaces(indent);
    w.put(c);
    line_start = c == '\n';
  }
  if (!line_start) w.put('\n');
}

// `--- FAIL` for t and its parents (outermost first, each with its buffered
// log), then `reason` and the stack under t. Reads the logs without locks:
// the process is about to end.
void write_chain(RawWriter& w, TestState* t, std::string_view reason, void* const* frames, int n_frames) {
  TestState* chain[64];
  int depth = 0;
  for (TestState* p = t; p && p->level > 0 && depth < 64; p = p->parent) chain[depth++] = p;
  int indent = 0;
  for (int i = depth - 1; i >= 0; --i, indent += 4) {
    int64_t since = chain[i]->running_since.load();
    w.str(frame()).spaces(indent).str("--- FAIL: ").str(chain[i]->name).str(" (");
    w.seconds(since ? now_nanos() - since : 0).str(")\n");
    write_indented(w, chain[i]->output, indent);
  }
  write_indented(w, reason, indent == 0 ? 4 : indent);
  if (n_frames > 0) write_stack(w, frames, n_frames, (indent == 0 ? 4 : indent) + 4);
}

void write_running_test(TestState& t, void* arg) {
  auto* w = static_cast<RawWriter*>(arg);
  w->str(frame()).str("--- FAIL: ").str(t.name).str(" (").seconds(now_nanos() - t.running_since.load());
  w->str(")\n");
}

// The whole report; the caller ends the process.
void report(std::string_view reason, void* const* frames, int n_frames) {
  if (ftrylockfile(stdout) == 0) {  // the test's own buffered output first
    fflush_unlocked(stdout);
    funlockfile(stdout);
  }
  RawWriter w(STDOUT_FILENO);
  if (TestState* t = current_test()) {
    write_chain(w, t, reason, frames, n_frames);
  } else {
    for_each_running(write_running_test, &w);
    write_chain(w, nullptr, reason, frames, n_frames);
  }
  const char* target = inputs_target.load();
  if (size_t left = inputs_left.load(); target != nullptr && left > 0) {
    w.str(frame()).spaces(4).dec(left).str(left == 1 ? " more input of " : " more inputs of ").str(target);
    w.str(" not run: the process ended on this one (-run=").str(target).str("/NAME runs one)\n");
  }
  w.str(frame()).str("FAIL\n");
  race_remove_files();  // every caller ends the process next
}

// Drops the frames above the one that faulted (the handler's own).
int skip_to_pc(void** frames, int n, void* ucontext) {
  uintptr_t pc = 0;
  auto* uc = static_cast<ucontext_t*>(ucontext);
#if defined(__x86_64__)
  pc = uintptr_t(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  pc = uintptr_t(uc->uc_mcontext.pc);
#endif
  for (int i = 0; i < n; ++i) {
    if (uintptr_t(frames[i]) == pc) {
      for (int j = i; j < n; ++j) frames[j - i] = frames[j];
      return n - i;
    }
  }
  return n;
}

void on_signal(int signo, siginfo_t* info, void* ucontext) {
  if (crashing.exchange(true)) {
    for (;;) pause();  // another thread is reporting and will end the process
  }
  const char* text = "signal";
  for (const auto& s : kSignals)
    if (s.signo == signo) text = s.text;
  if ((signo == SIGSEGV || signo == SIGBUS) && is_stack_overflow(info->si_addr))
    text = "fatal error: stack overflow (signal SIGSEGV on the stack's guard page)";
  void* frames[kMaxFrames];
  int n = backtrace(frames, kMaxFrames);
  n = skip_to_pc(frames, n, ucontext);
  report(text, frames, n);
  _exit(2);
}

void on_terminate() {
  if (crashing.exchange(true)) {
    for (;;) pause();
  }
  std::string reason = "panic: std::terminate called";
  if (std::current_exception()) {
    std::string what = describe_current_exception();
    if (what.find("cxxtest::runtime::StopTest") != std::string::npos) {
      reason +=
          ": FailNow, SkipNow, Fatal or Skip was called where the test cannot be "
          "stopped (a destructor, a noexcept function or a thread the test started)";
    } else {
      reason += " after throwing " + what;
    }
  }
  void* frames[kMaxFrames];
  int n = backtrace(frames, kMaxFrames);
  report(reason, frames + 1, n > 1 ? n - 1 : 0);
  _exit(2);
}

void on_process_exit(int status, void*) {
  if (!tests_running.load() || crashing.exchange(true)) return;
  std::string reason = "test called exit(" + std::to_string(status) + ") during the test";
  report(reason, nullptr, 0);
  _exit(1);
}

// Called by a sanitizer runtime (ASan, UBSan with halt_on_error, TSan with
// halt_on_error) after it printed its report and before it ends the process
// with its own exit code: names the test that was running.
void on_sanitizer_death() {
  if (crashing.exchange(true) || sanitizer_deaths_quiet.load()) return;
  report("panic: a sanitizer reported an error (its report is with this output)", nullptr, 0);
}

}  // namespace

void report_sanitizer_error() { on_sanitizer_death(); }

void quiet_sanitizer_deaths() { sanitizer_deaths_quiet = true; }

void fail_process_here(const std::string& reason) {
  if (crashing.exchange(true)) {
    for (;;) pause();
  }
  void* frames[kMaxFrames];
  int n = backtrace(frames, kMaxFrames);
  report(reason, frames + 1, n > 1 ? n - 1 : 0);
  _exit(2);
}

ThreadAltStack::ThreadAltStack() : stack_(std::malloc(kAltStackSize)) {
  learn_thread_stack();
  stack_t ss{};
  ss.ss_sp = stack_;
  ss.ss_size = kAltStackSize;
  if (stack_) sigaltstack(&ss, nullptr);
}

ThreadAltStack::~ThreadAltStack() {
  stack_t ss{};
  ss.ss_flags = SS_DISABLE;
  sigaltstack(&ss, nullptr);
  std::free(stack_);
}

bool sanitizer_handles_signal(int signo) {
  if (!__asan_init || (signo != SIGSEGV && signo != SIGBUS && signo != SIGFPE)) return false;
  struct sigaction old {};
  if (sigaction(signo, nullptr, &old) != 0) return false;
  if (old.sa_flags & SA_SIGINFO) return old.sa_sigaction != nullptr && old.sa_sigaction != on_signal;
  return old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN;
}

void install_crash_handlers() {
  init_symbolizer();
  void* warm[2];
  backtrace(warm, 2);  // loads the unwinder now, not inside a handler
  for (const auto& s : kSignals) {
    if (sanitizer_handles_signal(s.signo)) continue;
    struct sigaction sa {};
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(s.signo, &sa, nullptr);
  }
  std::set_terminate(on_terminate);
  on_exit(on_process_exit, nullptr);
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(on_sanitizer_death);
}

void set_tests_running(bool running) { tests_running = running; }

void set_inputs_left(const char* target, size_t left) {
  inputs_left = left;
  inputs_target = left > 0 ? target : nullptr;
}

}  // namespace cxxtest::runtime
