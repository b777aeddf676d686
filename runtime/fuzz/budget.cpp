// fuzz/budget.cpp: minimization budgets (see budget.h).
#include "fuzz/budget.h"

namespace cxxtest::fuzz {

Budget Budget::calls(int64_t n) {
  Budget b;
  b.max_calls_ = n > 0 ? n : 0;
  b.disabled_ = n <= 0;
  return b;
}

Budget Budget::time(std::chrono::nanoseconds d) {
  Budget b;
  b.has_deadline_ = true;
  b.deadline_ = Clock::now() + d;
  b.disabled_ = d.count() <= 0;
  return b;
}

Budget Budget::from_flag(int64_t duration_ns, int64_t count) {
  if (count > 0) return calls(count);
  if (duration_ns > 0) return time(std::chrono::nanoseconds(duration_ns));
  return calls(0);
}

void Budget::cap_calls(int64_t n) {
  int64_t limit = used_ + (n > 0 ? n : 0);
  if (max_calls_ < 0 || limit < max_calls_) max_calls_ = limit;
}

bool Budget::take() {
  if (disabled_) return false;
  if (max_calls_ >= 0 && used_ >= max_calls_) return false;
  if (has_deadline_ && Clock::now() >= deadline_) return false;
  ++used_;
  return true;
}

}  // namespace cxxtest::fuzz
