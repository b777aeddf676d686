// testing/tb.cpp: the public TB and T methods (cxxtest.h), on top of TestState.
#include <cxxtest/cxxtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

#include "flags/config.h"
#include "testing/output.h"
#include "testing/test_runner.h"
#include "testing/test_state.h"

namespace cxxtest {

using runtime::TestState;

namespace {

// Go's TempDir pattern: the test name without unusual characters, <= 64 bytes.
std::string temp_dir_pattern(const std::string& name) {
  static const std::string allowed = "!#$%&()+,-.=@^_{}~ ";
  std::string out;
  for (unsigned char c : name) {
    if (std::isalnum(c) || c >= 0x80 || allowed.find(char(c)) != std::string::npos) out += char(c);
  }
  return out.substr(0, 64);
}

// Go's T.checkParallel: Setenv and Chdir change the whole process, so they
// fail a test that is, or is under, a parallel one.
void deny_parallel(TestState* state) {
  bool parallel = false;
  for (TestState* s = state; s; s = s->parent) {
    std::lock_guard lock(s->mu);
    parallel = parallel || s->is_parallel;
  }
  if (!parallel) return;
  runtime::log_panic(*state, runtime::kParallelConflict);
  runtime::fail_now(*state);
}

// The helper scopes open on this thread, innermost last (TB::Helper).
struct HelperFrame {
  const TestState* state;
  internal::Location caller;
};
thread_local std::vector<HelperFrame> helper_frames;

// Where a message logged at `loc` for `state` is reported: the caller of
// the outermost helper of that test running on this thread, else `loc`.
internal::Location reported_at(const TestState* state, internal::Location loc) {
  for (const HelperFrame& f : helper_frames)
    if (f.state == state) return f.caller;
  return loc;
}

}  // namespace

HelperScope::HelperScope(TestState* state, internal::Location caller) : state_(state) {
  helper_frames.push_back({state, caller});
}

HelperScope::~HelperScope() {
  for (size_t i = helper_frames.size(); i-- > 0;) {  // the last one, unless scopes were moved around
    if (helper_frames[i].state != state_) continue;
    helper_frames.erase(helper_frames.begin() + std::ptrdiff_t(i));
    return;
  }
}

HelperScope TB::Helper(Caller caller) {
  runtime::check_fuzz_fn(state_, "Helper");
  return HelperScope(state_, caller.loc_);
}

bool Short() { return runtime::flags().short_mode; }
bool Verbose() { return runtime::flags().verbose; }
const std::vector<std::string>& Args() { return runtime::test_args(); }

bool Context::Done() const { return state_->source.stop_requested(); }
std::string Context::Err() const { return Done() ? "context canceled" : ""; }
std::stop_token Context::StopToken() const { return state_->source.get_token(); }
bool Context::wait_nanos(long long nanos) const {
  std::stop_token token = state_->source.get_token();
  std::unique_lock lock(state_->mu);
  state_->cv.wait_for(lock, token, std::chrono::nanoseconds(nanos), [] { return false; });
  return token.stop_requested();
}

std::string internal::sprintf_string(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string out(n > 0 ? size_t(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, fmt, args);
  va_end(args);
  return out;
}

void TB::log_at(const char* method, internal::Location loc, std::string_view text) {
  runtime::check_fuzz_fn(state_, method);
  runtime::log_at(*state_, reported_at(state_, loc), text);
}

void TB::error_at(const char* method, internal::Location loc, std::string_view text) {
  runtime::check_fuzz_fn(state_, method);
  runtime::log_at(*state_, reported_at(state_, loc), text);
  runtime::fail(*state_);
}

void TB::fatal_at(const char* method, internal::Location loc, std::string_view text) {
  runtime::check_fuzz_fn(state_, method);
  runtime::log_at(*state_, reported_at(state_, loc), text);
  runtime::fail_now(*state_);
}

void TB::skip_at(const char* method, internal::Location loc, std::string_view text) {
  runtime::check_fuzz_fn(state_, method);
  runtime::log_at(*state_, reported_at(state_, loc), text);
  runtime::skip_now(*state_);
}

void TB::Fail() {
  runtime::check_fuzz_fn(state_, "Fail");
  runtime::fail(*state_);
}

void TB::FailNow() {
  runtime::check_fuzz_fn(state_, "FailNow");
  runtime::fail_now(*state_);
}

void TB::SkipNow() {
  runtime::check_fuzz_fn(state_, "SkipNow");
  runtime::skip_now(*state_);
}

bool TB::Failed() const { return runtime::failed(*state_); }

bool TB::Skipped() const {
  runtime::check_fuzz_fn(state_, "Skipped");
  return runtime::skipped(*state_);
}

void TB::Helper() const { runtime::check_fuzz_fn(state_, "Helper"); }

void TB::Cleanup(std::function<void()> fn) {
  runtime::check_fuzz_fn(state_, "Cleanup");
  std::lock_guard lock(state_->mu);
  state_->cleanups.push_back(std::move(fn));
}

std::string TB::Name() const { return state_->name; }

std::string TB::TempDir() {
  runtime::check_fuzz_fn(state_, "TempDir");
  std::unique_lock lock(state_->mu);
  if (state_->temp_dir.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ =
        std::string(tmp && *tmp ? tmp : "/tmp") + "/" + temp_dir_pattern(state_->name) + "XXXXXX";
    if (!mkdtemp(templ.data())) {
      lock.unlock();
      Fatalf("TempDir: mkdtemp %s: %s", templ, std::strerror(errno));
    }
    state_->temp_dir = templ;
    state_->cleanups.push_back([dir = templ] {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    });
  }
  char seq[16];
  std::snprintf(seq, sizeof seq, "/%03d", ++state_->temp_dir_seq);
  std::string dir = state_->temp_dir + seq;
  lock.unlock();
  if (mkdir(dir.c_str(), 0777) != 0) Fatalf("TempDir: mkdir %s: %s", dir, std::strerror(errno));
  return dir;
}

void TB::Setenv(const std::string& key, const std::string& value) {
  runtime::check_fuzz_fn(state_, "Setenv");
  deny_parallel(state_);
  const char* old = std::getenv(key.c_str());
  std::optional<std::string> previous;
  if (old) previous = old;
  ::setenv(key.c_str(), value.c_str(), 1);
  std::lock_guard lock(state_->mu);
  state_->env_set = true;
  state_->cleanups.push_back([key, previous] {
    if (previous) ::setenv(key.c_str(), previous->c_str(), 1);
    else ::unsetenv(key.c_str());
  });
}

bool T::Run(std::string_view name, std::function<void(T&)> fn) {
  {
    std::lock_guard lock(state_->mu);
    state_->has_sub = true;
  }
  const std::string* parent = state_->level > 0 ? &state_->name : nullptr;
  runtime::Matcher::Match m = state_->ctx.matcher.full_name(parent, name);
  if (!m.ok || runtime::should_fail_fast()) return true;
  return runtime::run_subtest(*state_, std::move(m.name),
                              [fn = std::move(fn)](TestState& s) { fn(s.t_handle); });
}

void TB::Chdir(const std::string& dir, internal::Here here) {
  runtime::check_fuzz_fn(state_, "Chdir");
  deny_parallel(state_);
  int old = ::open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (old < 0) fatal_at("Chdir", here.loc, std::string("open .: ") + std::strerror(errno));
  if (::chdir(dir.c_str()) != 0) {
    int err = errno;
    ::close(old);
    fatal_at("Chdir", here.loc, "chdir " + dir + ": " + std::strerror(err));  // Go's os.PathError text
  }
  std::error_code ec;
  std::string pwd = dir.empty() || dir[0] != '/' ? std::filesystem::current_path(ec).string() : dir;
  Setenv("PWD", pwd);
  std::lock_guard lock(state_->mu);
  state_->cleanups.push_back([old] {
    int rc = ::fchdir(old);
    ::close(old);
    // Go panics here too: the tests after it would run in the wrong place.
    if (rc != 0) throw std::runtime_error(std::string("testing.Chdir: ") + std::strerror(errno));
  });
}

cxxtest::Context TB::Context() {
  runtime::check_fuzz_fn(state_, "Context");
  return cxxtest::Context(&runtime::context_of(*state_));
}

void T::Parallel() { runtime::pause_for_parallel(*state_); }

std::optional<std::chrono::system_clock::time_point> T::Deadline() const { return state_->ctx.deadline; }

}  // namespace cxxtest
