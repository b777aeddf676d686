#include "runner/process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace cxxtest::script {
namespace {

struct SignalName {
  int number;
  const char* name;  // without the "SIG" prefix
};
constexpr SignalName kSignals[] = {
    {SIGHUP, "HUP"},   {SIGINT, "INT"},   {SIGQUIT, "QUIT"}, {SIGILL, "ILL"},   {SIGTRAP, "TRAP"},
    {SIGABRT, "ABRT"}, {SIGBUS, "BUS"},   {SIGFPE, "FPE"},   {SIGKILL, "KILL"}, {SIGUSR1, "USR1"},
    {SIGSEGV, "SEGV"}, {SIGUSR2, "USR2"}, {SIGPIPE, "PIPE"}, {SIGALRM, "ALRM"}, {SIGTERM, "TERM"},
};

bool is_executable(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// The path to run for `name`: itself when it has a '/', else the first
// executable match in PATH. Empty when nothing matches.
std::string find_program(const std::string& name, const Env& env) {
  if (name.find('/') != std::string::npos) return name;
  auto it = env.find("PATH");
  std::string path = it == env.end() ? "" : it->second;
  for (size_t start = 0; start <= path.size();) {
    size_t end = std::min(path.find(':', start), path.size());
    std::string dir = path.substr(start, end - start);
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (is_executable(candidate)) return candidate;
    start = end + 1;
  }
  return "";
}

// In the child: set up and exec; on failure write errno to `report` and exit.
[[noreturn]] void exec_child(const std::string& program, const std::vector<std::string>& argv,
                             const std::vector<std::string>& env, const std::string& cwd, int out_fd,
                             int err_fd, int report) {
  ::setpgid(0, 0);
  for (int sig : {SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD}) ::signal(sig, SIG_DFL);
  int in_fd = ::open("/dev/null", O_RDONLY);
  if (in_fd < 0 || ::dup2(in_fd, 0) < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0 ||
      ::chdir(cwd.c_str()) < 0) {
    int e = errno;
    (void)!::write(report, &e, sizeof e);
    ::_exit(127);
  }
  std::vector<char*> cargv, cenv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  for (const auto& e : env) cenv.push_back(const_cast<char*>(e.c_str()));
  cargv.push_back(nullptr);
  cenv.push_back(nullptr);
  ::execve(program.c_str(), cargv.data(), cenv.data());
  int e = errno;
  (void)!::write(report, &e, sizeof e);
  ::_exit(127);
}

}  // namespace

Started start_process(const std::vector<std::string>& argv, const Env& env, const std::string& cwd,
                      const std::string& out, const std::string& err) {
  std::string program = find_program(argv.at(0), env);
  if (program.empty()) return {-1, argv[0] + ": executable file not found in $PATH"};
  std::vector<std::string> env_lines;
  for (const auto& [k, v] : env) env_lines.push_back(k + "=" + v);
  int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int err_fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int report[2] = {-1, -1};
  if (out_fd < 0 || err_fd < 0 || ::pipe2(report, O_CLOEXEC) < 0)
    return {-1, std::string("cannot set up output files: ") + std::strerror(errno)};
  pid_t pid = ::fork();
  if (pid < 0) {
    int e = errno;
    for (int fd : {out_fd, err_fd, report[0], report[1]}) ::close(fd);
    return {-1, std::string("fork: ") + std::strerror(e)};
  }
  if (pid == 0) exec_child(program, argv, env_lines, cwd, out_fd, err_fd, report[1]);
  ::setpgid(pid, pid);  // also in the parent, so signal_group works at once
  ::close(out_fd);
  ::close(err_fd);
  ::close(report[1]);
  int child_errno = 0;
  ssize_t n = ::read(report[0], &child_errno, sizeof child_errno);
  ::close(report[0]);
  if (n == sizeof child_errno) {
    ::waitpid(pid, nullptr, 0);
    return {-1, "exec " + program + ": " + std::strerror(child_errno)};
  }
  return {pid, ""};
}

Exited wait_process(pid_t pid, Clock::time_point deadline) {
  Exited r;
  int raw = 0;
  auto pause = std::chrono::milliseconds(1);
  while (::waitpid(pid, &raw, WNOHANG) == 0) {
    if (Clock::now() >= deadline) {
      r.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &raw, 0);
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
  ::kill(-pid, SIGKILL);
  if (WIFSIGNALED(raw)) {
    r.signal = WTERMSIG(raw);
    r.status = 128 + r.signal;
  } else {
    r.status = WEXITSTATUS(raw);
  }
  return r;
}

bool signal_group(pid_t pid, int sig) { return ::kill(-pid, sig) == 0; }

std::optional<int> parse_signal(const std::string& text) {
  std::string name = text.starts_with("SIG") ? text.substr(3) : text;
  for (const auto& s : kSignals)
    if (name == s.name) return s.number;
  if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos) return std::stoi(name);
  return std::nullopt;
}

std::string signal_name(int sig) {
  for (const auto& s : kSignals)
    if (sig == s.number) return std::string("SIG") + s.name;
  return "signal " + std::to_string(sig);
}

}  // namespace cxxtest::script
