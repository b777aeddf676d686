// fuzz/minimize.cpp: the minimization driver and Go's byte stages.
#include "fuzz/minimize_trial.h"

namespace cxxtest::fuzz {

bool Trial::call() {
  if (stopped_ || !budget_.take()) {
    stopped_ = true;
    return false;
  }
  return still_fails_(args_);
}

bool Trial::try_bytes(size_t i, std::string& candidate) {
  if (stopped_) return false;
  args_[i].bytes.swap(candidate);
  if (call()) return true;
  args_[i].bytes.swap(candidate);
  return false;
}

bool Trial::try_bits(size_t i, uint64_t bits) {
  if (stopped_) return false;
  uint64_t old = args_[i].bits;
  args_[i].bits = bits;
  if (call()) return true;
  args_[i].bits = old;
  return false;
}

namespace {

// Stage 1: drop n = 1024, 512, ..., 1 bytes from the end while it qualifies.
void cut_tail(Trial& t, size_t i, std::string& cand) {
  for (size_t n = 1024; n != 0 && !t.stopped(); n /= 2) {
    while (t.arg(i).bytes.size() > n) {
      const std::string& cur = t.arg(i).bytes;
      cand.assign(cur, 0, cur.size() - n);
      if (!t.try_bytes(i, cand)) break;
    }
  }
}

// Stage 2: delete each single byte; after a deletion the same index is retried.
void delete_bytes(Trial& t, size_t i, std::string& cand) {
  for (size_t k = 0; k < t.arg(i).bytes.size() && t.arg(i).bytes.size() > 1 && !t.stopped();) {
    cand.assign(t.arg(i).bytes).erase(k, 1);
    if (!t.try_bytes(i, cand)) ++k;
  }
}

// Stage 3: delete every range [a, b) with b - a >= 2, longest first from
// each a, leaving at least one byte; after a deletion b restarts at the end.
void delete_ranges(Trial& t, size_t i, std::string& cand) {
  for (size_t a = 0; a + 2 <= t.arg(i).bytes.size() && !t.stopped(); ++a) {
    size_t b = t.arg(i).bytes.size();
    while (b >= a + 2 && !t.stopped()) {
      const std::string& cur = t.arg(i).bytes;
      if (b - a >= cur.size()) {  // would leave nothing
        --b;
        continue;
      }
      cand.assign(cur, 0, a).append(cur, b);
      b = t.try_bytes(i, cand) ? t.arg(i).bytes.size() : b - 1;
    }
  }
}

// Stage 4: replace each byte by the first printable character that qualifies.
void make_printable(Trial& t, size_t i, std::string& cand) {
  for (size_t k = 0; k < t.arg(i).bytes.size() && !t.stopped(); ++k) {
    for (char pc : kPrintable) {
      if (t.arg(i).bytes[k] == pc) break;
      cand.assign(t.arg(i).bytes);
      cand[k] = pc;
      if (t.try_bytes(i, cand) || t.stopped()) break;
    }
  }
}

}  // namespace

void minimize_bytes(Trial& t, size_t i) {
  if (t.arg(i).bytes.empty()) return;
  std::string cand;
  cut_tail(t, i, cand);
  delete_bytes(t, i, cand);
  delete_ranges(t, i, cand);
  make_printable(t, i, cand);
}

bool minimize(std::vector<Value>& args, const StillFails& still_fails, Budget& budget) {
  if (budget.disabled()) return false;
  const std::vector<Value> original = args;
  Trial t(args, still_fails, budget);
  for (size_t i = 0; i < args.size() && !t.stopped(); ++i) {
    if (is_byte_kind(args[i].kind)) {
      minimize_bytes(t, i);
    } else {
      minimize_scalar(t, i);
    }
  }
  return args != original;
}

}  // namespace cxxtest::fuzz
