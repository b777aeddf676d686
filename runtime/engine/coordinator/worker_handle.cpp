// engine/coordinator/worker_handle.cpp: starting, talking to and ending a worker
// process (see worker_handle.h).
#include "engine/coordinator/worker_handle.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

#include "engine/shared/failure.h"

extern char** environ;

namespace cxxtest::runtime::engine {
namespace {

std::string os_error(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// In the child, between fork and exec: only async-signal-safe calls.
// Without keep_output, stdout and stderr go to output_fd, which the worker
// routes command by command once it has started (protocol.h, serve_worker).
[[noreturn]] void exec_child(const int (&fds)[4], int output_fd, pid_t parent, char* const* argv,
                             char* const* envp, bool keep_output, bool fixed_addresses) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (fixed_addresses) personality(ADDR_NO_RANDOMIZE);
  if (getppid() != parent) _exit(127);
  int high[4];
  for (int i = 0; i < 4; ++i) high[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 32);
  int output = output_fd >= 0 ? fcntl(output_fd, F_DUPFD_CLOEXEC, 32) : open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int i = 0; i < 4; ++i) dup2(high[i], kCommandFd + i);  // dup2 clears close-on-exec
  if (!keep_output) {
    dup2(output, 1);
    dup2(output, 2);
  }
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  execve("/proc/self/exe", argv, envp);
  _exit(127);
}

// The worker's environment: ours, with sanitizer symbolization off
// (symbolize=0 added to ASAN_OPTIONS, TSAN_OPTIONS and UBSAN_OPTIONS). A
// sanitizer report then costs the worker no llvm-symbolizer run, so a
// crash is reported, and its minimization candidates run, without that
// delay; the coordinator symbolizes the one report it shows
// (sanitizer_frames.h). Not when the user gave a sanitizer a suppressions
// file (LSAN_OPTIONS's counts for ASan, whose leak checks read it): its
// entries name functions and files, which only a symbolized frame has, so
// it would silently match nothing. Then none of the three gets symbolize=0:
// ASan parses UBSAN_OPTIONS's common flags too, after its own. And LSan's
// "Suppressions used:" table, printed after every scan a suppression
// matched, is left out (print_suppressions=0 before the user's options,
// which can turn it on again): a worker's output accumulated one per input
// above the report of the leak that was found.
std::vector<std::string> worker_environment() {
  bool keep_symbols = false;
  for (const char* var : {"ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"}) {
    const char* v = std::getenv(var);
    keep_symbols = keep_symbols || (v && std::strstr(v, "suppressions=") != nullptr);
  }
  static const char* const kOptions[3] = {"ASAN_OPTIONS=", "TSAN_OPTIONS=", "UBSAN_OPTIONS="};
  std::vector<std::string> env;
  bool seen[3] = {false, false, false};
  bool lsan_seen = false;
  for (char** e = environ; *e; ++e) {
    std::string var = *e;
    if (keep_symbols && var.rfind("LSAN_OPTIONS=", 0) == 0) {
      var.insert(std::strlen("LSAN_OPTIONS="), "print_suppressions=0:");
      lsan_seen = true;
    }
    for (int i = 0; i < 3; ++i)
      if (var.rfind(kOptions[i], 0) == 0) {
        if (!keep_symbols) var += var.size() > std::strlen(kOptions[i]) ? ":symbolize=0" : "symbolize=0";
        seen[i] = true;
      }
    env.push_back(std::move(var));
  }
  for (int i = 0; i < 3; ++i)
    if (!seen[i] && !keep_symbols) env.push_back(std::string(kOptions[i]) + "symbolize=0");
  if (keep_symbols && !lsan_seen) env.push_back("LSAN_OPTIONS=print_suppressions=0");
  return env;
}

std::string own_path() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : "/proc/self/exe";
}

}  // namespace

WorkerHandle::~WorkerHandle() {
  if (running()) {
    kill_now();
    reap();
  }
  close_fds();
  if (shm_.valid()) munmap(&shm_.header(), shm_.total());
  if (shm_fd_ >= 0) close(shm_fd_);
  if (output_fd_ >= 0) close(output_fd_);
}

Status WorkerHandle::init(size_t mask_size) {
  Expected<int> fd = create_shm(mask_size, shm_);
  if (!fd) return Error{fd.error()};
  shm_fd_ = *fd;
  output_fd_ = memfd_create("cxxtest-worker-output", MFD_CLOEXEC);  // -1: /dev/null, as before
  return {};
}

Status WorkerHandle::start() {
  int cmd[2], reply[2];
  if (pipe2(cmd, O_CLOEXEC) != 0) return Error{os_error("pipe")};
  if (pipe2(reply, O_CLOEXEC) != 0) {
    close(cmd[0]);
    close(cmd[1]);
    return Error{os_error("pipe")};
  }
  std::vector<char*> argv;
  std::string self = own_path();  // argv[0] as ps shows it; exec uses /proc/self/exe
  argv.push_back(self.data());
  for (std::string& a : args_) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env = worker_environment();
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  bool keep_output = worker_output_kept();
  int fds[4] = {cmd[0], reply[1], shm_fd_, mask_fd_};
  if (output_fd_ >= 0 && (ftruncate(output_fd_, 0) != 0 || lseek(output_fd_, 0, SEEK_SET) != 0)) {
    close(output_fd_);
    output_fd_ = -1;
  }
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) exec_child(fds, output_fd_, parent, argv.data(), envp.data(), keep_output, fixed_addresses_);
  close(cmd[0]);
  close(reply[1]);
  if (pid < 0) {
    close(cmd[1]);
    close(reply[0]);
    return Error{os_error("fork")};
  }
  pid_ = pid;
  cmd_fd_ = cmd[1];
  reply_fd_ = reply[0];
  return {};
}

bool WorkerHandle::send(const Command& cmd) {
  if (cmd_fd_ < 0) return false;
  clear_failure(shm_);
  shm_.header().exec_count = 0;
  // A worker that died makes the write fail with EPIPE, not kill us.
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  bool ok = write_message(cmd_fd_, &cmd, sizeof cmd);
  if (!ok) {
    timespec zero{};
    sigtimedwait(&pipe_set, nullptr, &zero);  // drop the pending SIGPIPE
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

bool WorkerHandle::receive(Reply& reply) {
  return reply_fd_ >= 0 && read_message(reply_fd_, &reply, sizeof reply);
}

void WorkerHandle::close_commands() {
  if (cmd_fd_ >= 0) close(cmd_fd_);
  cmd_fd_ = -1;
}

void WorkerHandle::kill_now() {
  if (pid_ > 0) ::kill(pid_, SIGKILL);
}

int WorkerHandle::reap(int timeout_ms) {
  if (pid_ <= 0) return -1;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  int status = 0;
  for (;;) {
    pid_t r = waitpid(pid_, &status, timeout_ms < 0 ? 0 : WNOHANG);
    if (r == pid_) break;
    if (r < 0 && errno != EINTR) {
      status = 0;
      break;
    }
    if (timeout_ms >= 0 && std::chrono::steady_clock::now() >= deadline) return -1;
    if (timeout_ms >= 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  pid_ = -1;
  close_fds();
  return status;
}

std::string WorkerHandle::output() const {
  constexpr off_t kTail = 4096;
  struct stat st {};
  if (output_fd_ < 0 || fstat(output_fd_, &st) != 0 || st.st_size == 0) return {};
  off_t from = std::max<off_t>(0, st.st_size - kTail);
  std::string text(size_t(st.st_size - from), '\0');
  ssize_t n = pread(output_fd_, text.data(), text.size(), from);
  text.resize(n > 0 ? size_t(n) : 0);
  if (from > 0) text.erase(0, text.find('\n') + 1);  // from a whole line on (npos + 1 = 0)
  return text;
}

void WorkerHandle::close_fds() {
  close_commands();
  if (reply_fd_ >= 0) close(reply_fd_);
  reply_fd_ = -1;
}

ProcessLauncher::ProcessLauncher(const std::string& target_name) : args_(own_arguments()) {
  for (std::string& a : args_)
    if (a.starts_with("-test.fuzz=") || a.starts_with("--test.fuzz=")) a = "-test.fuzz=^" + target_name + "$";
  args_.push_back("-test.fuzzworker");
}

std::unique_ptr<WorkerLink> ProcessLauncher::make(int mask_fd, bool fixed_addresses) {
  auto proc = std::make_unique<WorkerHandle>(args_, mask_fd);
  proc->set_fixed_addresses(fixed_addresses);
  return proc;
}

std::vector<std::string> own_arguments() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> args;
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find('\0', start);
    if (end == std::string::npos) end = all.size();
    args.emplace_back(all, start, end - start);
    start = end + 1;
  }
  if (!args.empty()) args.erase(args.begin());
  return args;
}

}  // namespace cxxtest::runtime::engine
