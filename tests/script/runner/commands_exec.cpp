// exec, bg, wait, kill, status: running programs.
//
// `exec` and `wait` replace the "last command" (stdout, stderr, status) that
// stdout/stderr/status/cmp assert on, and log both streams. A command that
// times out always fails, negated or not.
#include <csignal>
#include <fstream>
#include <sstream>

#include "runner/commands.h"

namespace cxxtest::script {
namespace {

constexpr size_t kLogLimit = size_t{16} * 1024;  // per stream, in the log

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::filesystem::path output_file(const State& s, int line, const char* stream) {
  return s.out_dir / ("line" + std::to_string(line) + "." + stream);
}

void log_stream(State& s, const char* name, const std::string& text, const std::filesystem::path& file) {
  if (text.empty()) return;
  s.log += std::string("[") + name + "]\n";
  if (text.size() <= kLogLimit) {
    s.log += text;
    if (text.back() != '\n') s.log += "\n[no final newline]\n";
    return;
  }
  s.log += text.substr(0, kLogLimit) + "\n[... " + std::to_string(text.size() - kLogLimit) +
           " more bytes in " + file.string() + "]\n";
}

// Records a finished process as the last command and checks its status.
Outcome finish(State& s, int line, const Exited& e, bool negated) {
  auto out = output_file(s, line, "stdout"), err = output_file(s, line, "stderr");
  s.stdout_text = read_file(out);
  s.stderr_text = read_file(err);
  s.ran = true;
  s.status = e.status;
  log_stream(s, "stdout", s.stdout_text, out);
  log_stream(s, "stderr", s.stderr_text, err);
  std::string how = e.signal ? "signal: " + signal_name(e.signal) : "exit status " + std::to_string(e.status);
  s.log += "[" + how + "]\n";
  if (e.timed_out)
    return "timed out after " + std::to_string(s.timeout.count() / 1000) + "s; process group killed";
  if (negated && e.status == 0) return std::string("unexpected command success");
  if (!negated && e.status != 0) return "unexpected command failure (" + how + ")";
  return std::nullopt;
}

// Starts args[from...] (with `cxxtest` mapped), writing output files for `line`.
Started start(State& s, const Args& a, size_t from, int line) {
  std::vector<std::string> argv = a.strs(from);
  if (argv[0] == "cxxtest") argv[0] = s.cxxtest;
  return start_process(argv, s.env, s.cwd.string(), output_file(s, line, "stdout").string(),
                       output_file(s, line, "stderr").string());
}

}  // namespace

Outcome cmd_exec(State& s, const Args& a, bool negated) {
  if (a.size() < 1) return "usage: exec PROGRAM [ARGS...]";
  Started p = start(s, a, 0, s.line);
  if (p.pid < 0) return p.error;
  return finish(s, s.line, wait_process(p.pid, Clock::now() + s.timeout), negated);
}

Outcome cmd_bg(State& s, const Args& a, bool) {
  if (a.size() < 3 || a.str(1) != "exec") return "usage: bg NAME exec PROGRAM [ARGS...]";
  std::string name = a.str(0);
  if (s.background.count(name)) return "bg: " + name + " is already running";
  Started p = start(s, a, 2, s.line);
  if (p.pid < 0) return p.error;
  s.background[name] = {p.pid, s.line, Clock::now() + s.timeout, a.str(2)};
  return std::nullopt;
}

Outcome cmd_wait(State& s, const Args& a, bool negated) {
  if (a.size() != 1) return "usage: wait NAME";
  auto it = s.background.find(a.str(0));
  if (it == s.background.end()) return "wait: no background process " + a.str(0);
  Background bg = it->second;
  s.background.erase(it);
  return finish(s, bg.line, wait_process(bg.pid, bg.deadline), negated);
}

Outcome cmd_kill(State& s, const Args& a, bool) {
  if (a.size() < 1 || a.size() > 2) return "usage: kill [-SIGNAL] NAME";
  int sig = SIGKILL;
  if (a.size() == 2) {
    std::string flag = a.str(0);
    auto parsed = flag.starts_with("-") ? parse_signal(flag.substr(1)) : std::nullopt;
    if (!parsed) return "kill: unknown signal " + flag;
    sig = *parsed;
  }
  auto it = s.background.find(a.str(a.size() - 1));
  if (it == s.background.end()) return "kill: no background process " + a.str(a.size() - 1);
  if (!signal_group(it->second.pid, sig)) return "kill: " + it->first + " has already exited";
  return std::nullopt;
}

Outcome cmd_status(State& s, const Args& a, bool) {
  if (a.size() != 1) return "usage: status N";
  if (!s.ran) return "status: no command has run yet";
  if (std::to_string(s.status) != a.str(0))
    return "exit status is " + std::to_string(s.status) + ", want " + a.str(0);
  return std::nullopt;
}

}  // namespace cxxtest::script
