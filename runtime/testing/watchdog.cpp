// testing/watchdog.cpp: see watchdog.h.
#include "testing/watchdog.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "crash/crash.h"
#include "crash/race.h"
#include "testing/output.h"
#include "testing/running.h"

namespace cxxtest::runtime {
namespace {

std::mutex mu;
std::condition_variable cv;
bool stopped = false;  // guarded by mu
std::thread watchdog;

[[noreturn]] void time_out(Nanos timeout) {
  write_stdout("panic: test timed out after " + format_duration(timeout) + "\n" + running_list_text());
  race_remove_files();
  _exit(2);
}

}  // namespace

void start_watchdog(Nanos timeout) {
  if (timeout <= 0) return;
  watchdog = std::thread([timeout] {
    ThreadAltStack alt_stack;
    std::unique_lock lock(mu);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::nanoseconds(timeout);
    if (!cv.wait_until(lock, deadline, [] { return stopped; })) time_out(timeout);
  });
}

void stop_watchdog() {
  if (!watchdog.joinable()) return;
  {
    std::lock_guard lock(mu);
    stopped = true;
  }
  cv.notify_all();
  watchdog.join();
}

}  // namespace cxxtest::runtime
