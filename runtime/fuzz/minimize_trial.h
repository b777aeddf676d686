// fuzz/minimize_trial.h: one minimization job's state (internal to
// minimize*.cpp): the input, the predicate, the budget.
#pragma once

#include "fuzz/minimize.h"

#include <string>
#include <string_view>

namespace cxxtest::fuzz {

// The printable replacements, most preferred first (Go's list).
inline constexpr std::string_view kPrintable = "012789ABCXYZabcxyz !\"#$%&'()*+,.";

class Trial {
 public:
  Trial(std::vector<Value>& args, const StillFails& still_fails, Budget& budget)
      : args_(args), still_fails_(still_fails), budget_(budget) {}

  // Runs the predicate with args[i].bytes swapped for `candidate`. If it
  // qualifies the candidate stays (and `candidate` receives the old value);
  // otherwise args is restored. False, without a call, once the budget is
  // gone (stopped() is then true).
  bool try_bytes(size_t i, std::string& candidate);
  // The same with args[i].bits replaced by `bits`.
  bool try_bits(size_t i, uint64_t bits);

  const Value& arg(size_t i) const { return args_[i]; }
  bool stopped() const { return stopped_; }

 private:
  bool call();  // takes from the budget, then runs the predicate

  std::vector<Value>& args_;
  const StillFails& still_fails_;
  Budget& budget_;
  bool stopped_ = false;
};

// Stage drivers, one argument each (minimize.cpp, minimize_scalar.cpp).
void minimize_bytes(Trial& t, size_t i);
void minimize_scalar(Trial& t, size_t i);

}  // namespace cxxtest::fuzz
