// engine/coordinator/coordinator_slow.cpp: slow inputs while fuzzing (see
// kSlowCapMin in coordinator.h). A fuzzing execution that runs slow_cap()
// is cut by its worker's watchdog; the worker starts again, and some cut
// inputs run once more, first thing in the fresh process, with the whole
// -fuzztimeout.
#include <algorithm>

#include "engine/coordinator/coordinator.h"

namespace cxxtest::runtime::engine {
namespace {

// Where an input was cut: the return addresses of its innermost frames in
// the program, the first left out (it is wherever in a loop the input
// happened to be when the watchdog looked).
std::string cut_place(const std::vector<Frame>& frames) {
  std::string place;
  for (uint64_t offset : program_frames(frames, 1, 2)) place += std::to_string(offset) + "|";
  return place;
}

}  // namespace

Nanos Coordinator::slow_cap() const {
  // Not while seeds run (their times set the cap), nor when the inputs'
  // order must not depend on the clock, nor without coverage (no cap is
  // needed where nothing is learned from the inputs' order).
  if (!coverage_ || !baseline_complete_ || repeatable() || opts_.minimize_corpus) return 0;
  return slow_cap_for(median_seed_, opts_.timeout);
}

void Coordinator::after_cut(size_t i, State was) {
  Slot& s = slots_[i];
  const ShmView& shm = s.link->shm();
  Failure f = read_failure(shm);
  if (was == State::Busy) budget_.settle(s.granted, int64_t(shm.header().exec_count));
  activity_.fuzzing += Nanos(f.value);  // most of the command's time: no reply will count it
  ++activity_.cut;
  activity_.cut_at = Nanos(f.value);
  if (stop_ != Stop::None) return;  // the run is ending: the worker stays off
  bool nth = check_cut(++cuts_at_[cut_place(f.frames)]);
  if (nth && !hang_reported() && check_affordable(checking_, now() - fuzzing_since_, int64_t(slots_.size())))
    s.to_check = current_input(s);
  start_worker(s);  // says why if it cannot
}

bool Coordinator::hang_reported() const {
  Failure hang;
  hang.kind = FailureKind::Timeout;
  std::string sig = failure_signature(hang, "");
  return std::find(reported_.begin(), reported_.end(), sig) != reported_.end();
}

bool Coordinator::send_check(Slot& s) {
  std::vector<Value> input = std::move(*s.to_check);
  s.to_check.reset();
  int64_t g = budget_.grant(1);
  if (g == 0) return false;
  s.granted = g;
  write_original(s, input, nullptr);
  s.op = Op::Baseline;  // one run, its failure's output kept (protocol.h)
  s.state = State::Busy;
  s.checking = true;
  s.link->send(Command::baseline(1));
  return true;
}

void Coordinator::on_check(size_t i, const Reply& r) {
  Slot& s = slots_[i];
  budget_.settle(s.granted, int64_t(r.count));
  activity_.checking += r.nanos;
  checking_ += r.nanos;
  if (r.outcome == Outcome::Failure) return check_failed(i, read_failure(s.link->shm()));
  // It ended within -fuzztimeout: slow, not a hang. Not kept: its mutants
  // would be cut as it was.
  s.checking = false;
  ++activity_.checked;
}

void Coordinator::check_failed(size_t i, Failure f) {
  Slot& s = slots_[i];
  s.checking = false;
  ++activity_.checked;
  bool hang = f.kind == FailureKind::Timeout;
  if (hang) checking_ += opts_.timeout;
  bool handling = crash_.has_value();
  found_crash(i, std::move(f));
  if (handling || !crash_ || crash_->slot != i || !hang) return;  // another's, or found again
  // The worker was started afresh for the check, and the check ran the
  // whole -fuzztimeout: that was the fresh re-run handle_crash would make.
  // (Other failures keep their re-runs: a leak's or a race's take several.)
  crash_->rerun = true;
  crash_->rerun_failure = crash_->failure;
  crash_->rerun_output = crash_->output;
}

}  // namespace cxxtest::runtime::engine
