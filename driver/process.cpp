#include "driver/process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

extern char** environ;

namespace cxxtest::driver {

std::string ExitStatus::describe() const {
  if (signal != 0) {
    const char* name = strsignal(signal);
    std::string s = name ? name : "unknown";
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return "signal: " + s;
  }
  return "exit status " + std::to_string(code);
}

std::string find_in_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    struct stat st;
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
      return candidate;
    start = end + 1;
  }
  return "";
}

namespace {

std::vector<std::string> child_environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string entry = *e;
    std::string name = entry.substr(0, entry.find('='));
    bool overridden = false;
    for (const auto& x : extra) overridden |= x.compare(0, name.size() + 1, name + "=") == 0;
    if (!overridden) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
  std::vector<char*> out;
  for (auto& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// The children run_process is waiting for, for forward_signal_to_children
// (read in a signal handler: lock-free atomics only).
constexpr size_t kChildSlots = 64;
std::atomic<pid_t> g_children[kChildSlots];

void track_child(pid_t pid) {
  for (auto& slot : g_children) {
    pid_t none = 0;
    if (slot.compare_exchange_strong(none, pid)) return;
  }
}

void untrack_child(pid_t pid) {
  for (auto& slot : g_children) {
    pid_t was = pid;
    if (slot.compare_exchange_strong(was, 0)) return;
  }
}

ExitStatus wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ExitStatus result;
  if (WIFEXITED(status)) result.code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace

ExitStatus run_process(const std::vector<std::string>& argv, const ProcessOptions& opts, std::string* output,
                       const std::function<void(std::string_view)>& on_chunk) {
  std::string program = find_in_path(argv.at(0));
  if (program.empty()) {
    if (output) *output = "cannot run " + argv[0] + ": executable file not found in $PATH\n";
    return ExitStatus{127, 0};
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    if (output) *output = std::string("pipe: ") + strerror(errno) + "\n";
    return ExitStatus{127, 0};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  if (opts.merge_stderr) posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  if (!opts.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, opts.cwd.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (opts.new_process_group) {
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
  }
  std::vector<std::string> args = argv;
  std::vector<std::string> env = child_environment(opts.extra_env);
  auto cargs = c_strings(args);
  auto cenv = c_strings(env);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, program.c_str(), &actions, &attr, cargs.data(), cenv.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(fds[1]);
  if (rc == 0) track_child(pid);
  if (rc != 0) {
    close(fds[0]);
    if (output) *output = "cannot run " + argv[0] + ": " + strerror(rc) + "\n";
    return ExitStatus{127, 0};
  }
  char buf[65536];
  for (;;) {
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (on_chunk) on_chunk(std::string_view(buf, static_cast<size_t>(n)));
    else if (output) output->append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  ExitStatus status = wait_for(pid);
  untrack_child(pid);
  return status;
}

void forward_signal_to_children(int sig) {
  for (auto& slot : g_children)
    if (pid_t pid = slot.load(); pid > 0) kill(pid, sig);
}

}  // namespace cxxtest::driver
