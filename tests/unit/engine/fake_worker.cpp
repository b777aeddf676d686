// fake_worker.cpp: the scripted workers (see fake_worker.h).
#include "fake_worker.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <deque>

#include "engine/shared/failure.h"
#include "engine/shared/input_codec.h"

namespace cxxtest::testing {
namespace {

using namespace runtime::engine;

// The wait status a real worker would end with after such a failure.
int death_status(FailureKind kind) {
  switch (kind) {
    case FailureKind::Signal: return SIGSEGV;
    case FailureKind::Terminate: return SIGABRT;
    case FailureKind::Timeout:
    case FailureKind::Memory: return SIGKILL;  // the watchdog's
    case FailureKind::Slow: return 2 << 8;     // the watchdog's _exit(2)
    default: return 1 << 8;                    // exit status 1
  }
}

bool worker_survives(FailureKind kind) {
  return kind == FailureKind::TestFailed || kind == FailureKind::Exception;
}

class FakeLink final : public WorkerLink {
 public:
  FakeLink(const FakeTarget& target, FakeLog& log, size_t index, int mask_fd)
      : target_(target), log_(log), index_(index), mask_fd_(mask_fd) {}

  ~FakeLink() override {
    close_doorbell();
    if (mask_) munmap(const_cast<uint8_t*>(mask_), mask_size_);
    if (shm_.valid()) munmap(&shm_.header(), shm_.total());
    if (shm_fd_ >= 0) close(shm_fd_);
  }

  cxxtest::Status init(size_t mask_size) override {
    mask_size_ = mask_size;
    cxxtest::Expected<int> fd = create_shm(mask_size, shm_);
    if (!fd) return cxxtest::Error{fd.error()};
    shm_fd_ = *fd;
    return map_mask(mask_fd_, mask_size, &mask_);
  }

  cxxtest::Status start() override {
    if (target_.cannot_start) return cxxtest::Error{"fork: Resource temporarily unavailable"};
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return cxxtest::Error{"pipe failed"};
    bell_read_ = fds[0], bell_write_ = fds[1];
    alive_ = true, status_ = 0;
    ++log_.starts[index_];
    post(Reply{runtime::engine::Outcome::Hello, 0, mask_size_});
    return {};
  }

  bool running() const override { return bell_read_ >= 0; }
  int reply_fd() const override { return bell_read_; }
  const ShmView& shm() const override { return shm_; }

  bool send(const Command& cmd) override {
    if (!alive_) return false;
    clear_failure(shm_);
    shm_.header().exec_count = 0;
    std::string original = original_input();
    log_.commands.push_back(SentCommand{index_, cmd, original});
    serve(cmd, original);
    return true;
  }

  bool receive(Reply& reply) override {
    char byte;
    if (bell_read_ < 0 || read(bell_read_, &byte, 1) != 1) return false;
    reply = replies_.front();
    replies_.pop_front();
    return true;
  }

  void close_commands() override { die(0); }  // the worker returns from F.Fuzz and exits 0
  void kill_now() override { die(SIGKILL); }

  int reap(int) override {
    if (!running()) return -1;
    if (alive_) die(SIGKILL);  // a wait that would block forever: as if killed
    close(bell_read_);
    bell_read_ = -1;
    replies_.clear();
    return status_;
  }

 private:
  void post(const Reply& r) {
    replies_.push_back(r);
    (void)!write(bell_write_, "r", 1);
  }

  void die(int status) {
    if (!alive_) return;
    alive_ = false;
    status_ = status;
    if (bell_write_ >= 0) close(bell_write_);
    bell_write_ = -1;
  }

  void close_doorbell() {
    die(SIGKILL);
    if (bell_read_ >= 0) close(bell_read_);
    bell_read_ = -1;
  }

  std::string original_input() const {
    std::vector<Value> values;
    const ShmHeader& h = shm_.header();
    if (!decode_input(shm_.original(), h.original_len, values) || values.size() != 1) return "";
    return values[0].bytes;
  }

  // Runs one input as the worker's publish() and execution do. Returns its
  // failure kind; a failure that ends a worker ends this one.
  FailureKind execute(const std::string& input) {
    ShmHeader& h = shm_.header();
    std::vector<Value> values{Value{Kind::Bytes, input, 0}};
    h.current_len = uint32_t(encode_input(values, shm_.current(), kInputCap));
    h.exec_count = h.exec_count + 1;
    ++log_.executions;
    FailureKind kind = target_.fails(input);
    // A slow input ends in time, an endless one (Timeout) does not; a
    // Fuzz command's cut stops both.
    bool long_running = kind == FailureKind::Slow || kind == FailureKind::Timeout;
    if (long_running && cut_ > 0) kind = FailureKind::Slow;
    else if (kind == FailureKind::Slow) kind = FailureKind::None;
    if (kind == FailureKind::None) return kind;
    std::memset(&h.failure, 0, sizeof h.failure);
    h.failure.kind = kind;
    if (kind == FailureKind::Signal) h.failure.detail = SIGSEGV;
    if (!worker_survives(kind)) die(death_status(kind));
    return kind;
  }

  // Writes the input's coverage to snap; true if the mask lacks some of it.
  bool snapshot(const std::string& input) {
    size_t n = mask_size_;
    std::memset(shm_.snap(), 0, n);
    bool fresh = false;
    for (size_t i : target_.covers(input)) {
      if (i >= n) continue;
      shm_.snap()[i] = 1;
      fresh = fresh || mask_[i] == 0;
    }
    return fresh;
  }

  void serve(const Command& cmd, const std::string& original) {
    Reply r{Outcome::Done, 0, 0};
    cut_ = cmd.op == Op::Fuzz ? cmd.cut_nanos : 0;
    switch (cmd.op) {
      case Op::Init: break;
      case Op::Baseline: r = baseline(cmd, original); break;
      case Op::RunOnce: r = run(original, 1); break;
      case Op::Fuzz: r = fuzz(cmd, original); break;
      case Op::Minimize: r = minimize(original); break;
    }
    if (alive_) post(r);
  }

  // Calibration runs as the real one does with a stable input: kCalibrateRuns.
  Reply baseline(const Command& cmd, const std::string& original) {
    uint64_t runs = cmd.limit >= 2 ? std::min<uint64_t>(cmd.limit, kCalibrateRuns) : 1;
    Reply r = run(original, runs);
    if (r.outcome == Outcome::Done) {
      snapshot(original);
      if (runs >= 2) r.changed = target_.covers(original).size();
    }
    return r;
  }

  Reply run(const std::string& input, uint64_t times) {
    Reply r{Outcome::Done, 0, 0};
    while (r.count < times) {
      ++r.count;
      if (execute(input) != FailureKind::None) return r.outcome = Outcome::Failure, r;
    }
    return r;
  }

  Reply fuzz(const Command& cmd, const std::string& original) {
    Reply r{Outcome::Done, 0, 0};
    uint64_t limit = std::min(cmd.limit, kFakeSliceExecs);
    while (r.count < limit) {
      std::string input = target_.mutate(original, ++log_.fuzzed);
      ++r.count;
      if (execute(input) != FailureKind::None) return r.outcome = Outcome::Failure, r;
      if (mask_ && snapshot(input)) return r.outcome = Outcome::NewCoverage, r;
    }
    return r;
  }

  // The input is already as small as it gets: one run that keeps its bits.
  Reply minimize(const std::string& original) {
    Reply r = run(original, 1);
    if (r.outcome == Outcome::Done) {
      snapshot(original);
      r.outcome = Outcome::NewCoverage;
    }
    return r;
  }

  const FakeTarget& target_;
  FakeLog& log_;
  size_t index_;
  int mask_fd_;
  size_t mask_size_ = 0;
  const uint8_t* mask_ = nullptr;
  int shm_fd_ = -1;
  ShmView shm_;
  int bell_read_ = -1, bell_write_ = -1;  // the doorbell pipe
  bool alive_ = false;
  int status_ = 0;
  int64_t cut_ = 0;  // the Fuzz command's cut_nanos, while it runs
  std::deque<Reply> replies_;
};

}  // namespace

std::unique_ptr<WorkerLink> FakeLauncher::make(int mask_fd, bool) {
  log_.starts.push_back(0);
  return std::make_unique<FakeLink>(target_, log_, log_.starts.size() - 1, mask_fd);
}

size_t FakeLauncher::count(runtime::engine::Op op) const {
  return size_t(std::count_if(log_.commands.begin(), log_.commands.end(),
                              [op](const SentCommand& c) { return c.command.op == op; }));
}

}  // namespace cxxtest::testing
