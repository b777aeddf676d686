#include "runner/run.h"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "runner/commands.h"
#include "runner/script.h"

namespace cxxtest::script {
namespace fs = std::filesystem;
namespace {

std::optional<std::string> read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// "name:LINE" or just "name" when no line is to blame.
std::string where(const std::string& name, int line) {
  return line > 0 ? name + ":" + std::to_string(line) : name;
}

// Makes <tmp>/cxxtest-script-XXXXXX and returns its canonical path; empty on failure.
fs::path make_root() {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/cxxtest-script-XXXXXX";
  if (!::mkdtemp(tmpl.data())) return {};
  return fs::canonical(tmpl);
}

// Writes the txtar files under $WORK. A path may not be absolute or leave $WORK.
std::string write_files(const Script& script, const fs::path& work) {
  for (const File& f : script.files) {
    fs::path rel = fs::path(f.path).lexically_normal();
    if (rel.is_absolute() || rel.empty() || *rel.begin() == "..")
      return "file " + f.path + " is outside $WORK";
    fs::path p = work / rel;
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    std::ofstream out(p, std::ios::binary);
    out << f.content;
    if (!out.good()) return "cannot write " + p.string();
  }
  return "";
}

Env initial_env(const fs::path& work, const Options& o) {
  const char* path = std::getenv("PATH");
  std::string bin = fs::path(o.cxxtest).parent_path().string();
  return {
      {"WORK", work.string()},
      {"HOME", (work / "home").string()},
      {"CXXTESTCACHE", (work / "cache").string()},
      {"TMPDIR", (work / "tmp").string()},
      {"PWD", work.string()},
      {"CXXTEST", o.cxxtest},
      {"CXXTEST_SHARE", o.share},
      {"SCRIPT_RUNNER", fs::read_symlink("/proc/self/exe").string()},
      {"PATH", bin + ":" + (path ? path : "/usr/local/bin:/usr/bin:/bin")},
  };
}

// Checks every command name before anything runs, so a typo fails at once.
std::string check_commands(const Script& script, int& line) {
  for (const Line& l : script.lines) {
    line = l.number;
    const Command* c = find_command(literal(l.words[0]));
    if (!c) return "unknown command \"" + literal(l.words[0]) + "\"";
    if (l.negated && !c->negatable) return "\"" + std::string(c->name) + "\" cannot be negated";
  }
  return "";
}

// Runs the lines in order; returns the first failure (and its line), or "".
std::string run_lines(const Script& script, State& state, int& line) {
  for (const Line& l : script.lines) {
    line = state.line = l.number;
    state.log += "> " + l.text.substr(l.text.find_first_not_of(" \t")) + "\n";
    const Command* c = find_command(literal(l.words[0]));
    Args args(std::span<const Word>(l.words).subspan(1), state.env);
    if (Outcome failed = c->run(state, args, l.negated)) return *failed;
  }
  if (!state.background.empty())
    return "background process " + state.background.begin()->first + " was never waited for";
  return "";
}

// Kills and reaps every background process still running.
void stop_background(State& state) {
  for (auto& [name, bg] : state.background) {
    signal_group(bg.pid, SIGKILL);
    wait_process(bg.pid, Clock::now());
  }
  state.background.clear();
}

// The parsed script, or nullopt after printing why it cannot run.
std::optional<Script> load(const fs::path& path, const std::string& name) {
  auto text = read_text(path);
  if (!text) {
    std::cout << "FAIL: " << name << ": cannot read " << path.string() << "\n";
    return std::nullopt;
  }
  ParseResult parsed = parse_script(*text);
  int line = parsed.error_line;
  std::string error = parsed.error.empty() ? check_commands(parsed.script, line) : parsed.error;
  if (error.empty()) return std::move(parsed.script);
  std::cout << "FAIL: " << where(name, line) << ": " << error << "\n";
  return std::nullopt;
}

// The state a script starts in, with $WORK = root/work.
State initial_state(const fs::path& root, const Options& options) {
  State state;
  state.work = state.cwd = root / "work";
  state.out_dir = root / "out";
  std::error_code ec;
  for (const char* d : {"work/home", "work/tmp", "out"}) fs::create_directories(root / d, ec);
  state.env = initial_env(state.work, options);
  state.cxxtest = options.cxxtest;
  state.timeout = options.timeout;
  state.log = "WORK=" + state.work.string() + "\n";
  return state;
}

}  // namespace

Result run_script(const fs::path& path, const Options& options) {
  std::string name = path.filename().string();
  std::optional<Script> script = load(path, name);
  if (!script) return Result::Broken;
  fs::path root = make_root();
  if (root.empty()) {
    std::cout << "FAIL: " << name << ": cannot create a work dir\n";
    return Result::Broken;
  }

  State state = initial_state(root, options);
  int line = 0;
  std::string error = write_files(*script, state.work);
  if (error.empty()) error = run_lines(*script, state, line);
  stop_background(state);

  if (!error.empty()) {
    std::cout << state.log << "FAIL: " << where(name, line) << ": " << error << "\n"
              << "work dir kept: " << root.string() << "\n";
    return Result::Fail;
  }
  if (options.verbose) std::cout << state.log;
  std::cout << "PASS: " << name << "\n";
  std::error_code ec;
  if (options.keep) std::cout << "work dir kept: " << root.string() << "\n";
  else fs::remove_all(root, ec);
  return Result::Pass;
}

}  // namespace cxxtest::script
