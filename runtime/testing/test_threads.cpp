// testing/test_threads.cpp: a pool of test threads with no upper bound (a
// test blocked in Run, or paused in Parallel, keeps its thread busy) and no
// shrinking (threads are few: as many as tests ever ran at once).
#include "testing/test_threads.h"

#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "crash/crash.h"

namespace cxxtest::runtime {
namespace {

struct TestThread {
  std::mutex mu;
  std::condition_variable cv;
  std::function<void()> job;  // the next job, set while the thread is idle
};

struct Pool {
  std::mutex mu;
  std::vector<TestThread*> idle;
};

// Never destroyed: idle threads still wait on it while the process exits.
Pool& pool() {
  static Pool* p = new Pool;
  return *p;
}

thread_local TestThread* this_thread_entry = nullptr;
thread_local bool released = false;

[[noreturn]] void serve(TestThread* self) {
  ThreadAltStack alt_stack;
  this_thread_entry = self;
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(self->mu);
      self->cv.wait(lock, [&] { return self->job != nullptr; });
      job = std::exchange(self->job, nullptr);
    }
    released = false;
    job();
    job = nullptr;
    release_test_thread();  // the job did not
  }
}

}  // namespace

void release_test_thread() {
  if (!this_thread_entry || released) return;
  released = true;
  std::lock_guard lock(pool().mu);
  pool().idle.push_back(this_thread_entry);
}

void start_on_test_thread(std::function<void()> job) {
  TestThread* thread = nullptr;
  {
    std::lock_guard lock(pool().mu);
    if (!pool().idle.empty()) {
      thread = pool().idle.back();
      pool().idle.pop_back();
    }
  }
  if (!thread) {
    thread = new TestThread{};  // lives as long as its thread: the process
    thread->job = std::move(job);
    std::thread(serve, thread).detach();
    return;
  }
  {
    std::lock_guard lock(thread->mu);
    thread->job = std::move(job);
  }
  thread->cv.notify_one();  // unlocked: the woken thread does not block on mu again
}

}  // namespace cxxtest::runtime
