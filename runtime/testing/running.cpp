// testing/running.cpp: the running-test slots (see running.h).
#include "testing/running.h"

#include <algorithm>
#include <atomic>

#include "flags/duration.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {
namespace {

// More tests than this running at once are simply not listed.
constexpr int kSlots = 4096;
std::atomic<TestState*> slots[kSlots];

int64_t now_nanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

}  // namespace

void running_add(TestState& t) {
  if (t.level == 0 || t.running_since.load() != 0) return;
  t.running_since = now_nanos();
  for (auto& slot : slots) {
    TestState* expected = nullptr;
    if (slot.compare_exchange_strong(expected, &t)) return;
  }
}

void running_remove(TestState& t) {
  if (t.running_since.exchange(0) == 0) return;
  for (auto& slot : slots) {
    TestState* expected = &t;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

std::vector<std::string> running_list() {
  std::vector<std::string> out;
  int64_t now = now_nanos();
  for (auto& slot : slots) {
    TestState* t = slot.load();
    if (!t) continue;
    int64_t since = t->running_since.load();
    if (since == 0) continue;
    out.push_back(t->name + " (" + format_duration(round_to_second(now - since)) + ")");
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string running_list_text() {
  std::vector<std::string> running = running_list();
  if (running.empty()) return "";
  std::string text = "running tests:\n";
  for (const std::string& r : running) text += "\t" + r + "\n";
  return text;
}

void for_each_running(void (*fn)(TestState&, void*), void* arg) {
  for (auto& slot : slots) {
    if (TestState* t = slot.load()) fn(*t, arg);
  }
}

}  // namespace cxxtest::runtime
