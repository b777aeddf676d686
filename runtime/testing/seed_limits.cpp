// testing/seed_limits.cpp: see seed_limits.h.
#include "testing/seed_limits.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "crash/crash.h"
#include "engine/worker/worker_limits.h"
#include "testing/output.h"
#include "testing/running.h"

namespace cxxtest::runtime {
namespace {

using Clock = std::chrono::steady_clock;

// Never destroyed: the watcher thread waits on them until the process
// ends, and a destructor run at exit under it is a race (-race reported it).
std::mutex& mu = *new std::mutex;
std::condition_variable& cv = *new std::condition_variable;
bool armed = false;  // guarded by mu
Clock::time_point deadline;
std::string input_name;
Nanos input_timeout = 0;
std::once_flag started;

[[noreturn]] void input_timed_out() {
  write_stdout("panic: input " + input_name +
               " ran longer than -fuzztimeout=" + format_duration(input_timeout) +
               " (the limit fuzzing applies to each input)\n" + running_list_text());
  _exit(2);
}

void watch() {
  ThreadAltStack alt_stack;
  std::unique_lock lock(mu);
  for (;;) {
    cv.wait_for(lock, std::chrono::milliseconds(50));
    if (armed && Clock::now() >= deadline) input_timed_out();
  }
}

}  // namespace

void arm_seed_limits(const std::string& name, Nanos timeout, int64_t rss_limit_mb) {
  engine::set_allocation_limit(rss_limit_mb > 0 ? uint64_t(rss_limit_mb) << 20 : 0);
  if (timeout <= 0) return;
  std::call_once(started, [] { std::thread(watch).detach(); });
  std::lock_guard lock(mu);
  input_name = name;
  input_timeout = timeout;
  deadline = Clock::now() + std::chrono::nanoseconds(timeout);
  armed = true;
}

void disarm_seed_limits() {
  engine::set_allocation_limit(0);
  std::lock_guard lock(mu);
  armed = false;
}

}  // namespace cxxtest::runtime
