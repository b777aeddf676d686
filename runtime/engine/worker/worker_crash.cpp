// engine/worker/worker_crash.cpp: see worker_crash.h. Everything reachable from a
// handler uses fixed storage only: no allocation, no locks, no stdio.
#include "engine/worker/worker_crash.h"

#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>

#include "crash/crash.h"
#include "crash/exceptions.h"
#include "crash/input_stack.h"
#include "crash/module_of.h"

namespace cxxtest::runtime::engine {
namespace {

constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
constexpr int kBacktraceMax = 64;

ShmView g_shm;
const std::string* const* g_log = nullptr;
std::atomic<bool> g_busy{false};
std::atomic<bool> g_claimed{false};
std::atomic<bool> g_frames_done{false};

int capture_signal() { return SIGRTMIN + 3; }

uintptr_t context_pc(void* ucontext) {
  auto* uc = static_cast<ucontext_t*>(ucontext);
#if defined(__x86_64__)
  return uintptr_t(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return uintptr_t(uc->uc_mcontext.pc);
#else
  (void)uc;
  return 0;
#endif
}

// The first frame to keep: the interrupted pc if found, else `skip`.
int first_frame(void** frames, int n, void* ucontext, int skip) {
  if (ucontext) {
    uintptr_t pc = context_pc(ucontext);
    for (int i = 0; i < n; ++i)
      if (uintptr_t(frames[i]) == pc) return i;
  }
  return skip < n ? skip : n;
}

void on_crash_signal(int signo, siginfo_t* info, void* ucontext) {
  if (claim_record()) {
    FailureRecord& r = g_shm.header().failure;
    r.kind = FailureKind::Signal;
    r.detail = signo;
    r.value = (signo == SIGSEGV || signo == SIGBUS) && is_stack_overflow(info->si_addr) ? kStackOverflow : 0;
    record_frames(r, ucontext, 0);
    record_log(g_shm);
  } else {
    for (;;) pause();  // another thread is recording; the process ends soon
  }
  signal(signo, SIG_DFL);
  raise(signo);  // delivered with the default action once the handler returns
}

void on_capture_signal(int, siginfo_t*, void* ucontext) {
  record_frames(g_shm.header().failure, ucontext, 0);
  g_frames_done = true;
}

void on_terminate() {
  if (!claim_record()) {
    for (;;) pause();
  }
  FailureRecord& r = g_shm.header().failure;
  r.kind = FailureKind::Terminate;
  std::string what = std::current_exception() ? describe_current_exception() : "";
  std::snprintf(r.where, kWhereCap, "%s", what.c_str());
  record_frames(r, nullptr, 2);  // from __terminate on
  record_log(g_shm);
  _exit(2);
}

void on_process_exit(int status, void*) {
  if (!g_busy.load() || !claim_record()) return;
  FailureRecord& r = g_shm.header().failure;
  r.kind = FailureKind::Exit;
  r.detail = status & 0xff;
  record_frames(r, nullptr, 3);  // from exit() on
  record_log(g_shm);
}

}  // namespace

void set_busy(bool b) { g_busy.store(b); }
bool busy() { return g_busy.load(std::memory_order_relaxed); }

bool claim_record() { return !g_claimed.exchange(true); }

bool claim_while_busy() {
  if (g_claimed.exchange(true)) {
    for (;;) pause();  // a crash is being recorded; it ends the process
  }
  if (g_busy.load()) return true;
  g_claimed.store(false);  // the command ended first: its reply stands
  return false;
}

void wait_for_dying_path() {
  while (g_claimed.load()) usleep(1000);
}

void record_leak_and_exit() {
  if (claim_record()) {
    FailureRecord& r = g_shm.header().failure;
    r.kind = FailureKind::Leak;
    record_log(g_shm);
  }
  _exit(23);
}

__attribute__((noinline)) void record_frames(FailureRecord& r, void* ucontext, int skip) {
  void* frames[kBacktraceMax];
  int n = backtrace(frames, kBacktraceMax);
  // Under ASan backtrace is its interceptor, one frame more on top: count
  // `skip` from our caller's frame, found by its return address.
  void* ours = __builtin_return_address(0);
  for (int i = 0; i < n && i < 4 && !ucontext && skip > 0; ++i)
    if (frames[i] == ours && i > 0) {
      skip += i - 1;  // frames[i - 1] is record_frames
      break;
    }
  int first = first_frame(frames, n, ucontext, skip);
  set_record_frames(r, frames + first, n - first);
}

void set_record_frames(FailureRecord& r, void* const* pcs, int n) {
  uint32_t out = 0;
  for (int i = 0; i < n && out < uint32_t(kMaxFrames); ++i) {
    uintptr_t pc = uintptr_t(pcs[i]);
    ModuleHit m = module_of(pc);
    r.frames[out++] = m.found ? Frame{m.index, 0, m.offset} : Frame{UINT32_MAX, 0, pc};
  }
  r.nframes = out;
}

void record_log(const ShmView& shm) {
  FailureRecord& r = shm.header().failure;
  r.text_len = 0;
  const std::string* log = g_log ? *g_log : nullptr;
  if (!log) return;
  size_t n = log->size() < kReportCap ? log->size() : kReportCap;
  std::memcpy(shm.report(), log->data(), n);
  r.text_len = uint32_t(n);
}

void capture_thread_frames(unsigned long thread, int wait_ms) {
  g_frames_done = false;
  if (pthread_kill(pthread_t(thread), capture_signal()) != 0) return;
  for (int i = 0; i < wait_ms && !g_frames_done.load(); ++i) usleep(1000);
}

void install_worker_crash_handlers(const ShmView& shm, const std::string* const* log) {
  g_shm = shm;
  g_log = log;
  void* warm[2];
  backtrace(warm, 2);  // loads the unwinder now, not inside a handler
  struct sigaction sa {};
  sa.sa_sigaction = on_crash_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  // A signal ASan handles ends the worker with its report and exit status,
  // which the coordinator reads as any sanitizer failure.
  for (int s : kCrashSignals)
    if (!sanitizer_handles_signal(s)) sigaction(s, &sa, nullptr);
  sa.sa_sigaction = on_capture_signal;
  sigaction(capture_signal(), &sa, nullptr);
  signal(SIGINT, SIG_IGN);   // the coordinator handles ^C and stops its workers
  quiet_sanitizer_deaths();  // the coordinator shows the sanitizer's report
  std::set_terminate(on_terminate);
  on_exit(on_process_exit, nullptr);
}

}  // namespace cxxtest::runtime::engine
