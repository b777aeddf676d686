// harness.cpp: see harness.h.
#include "harness.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace cxxtest_test {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The parent's environment with `changes` applied.
std::vector<std::string> make_env(const std::vector<std::string>& changes) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  for (const std::string& c : changes) {
    std::string key = c.substr(0, c.find('=') + 1);
    std::erase_if(env, [&](const std::string& e) { return e.rfind(key, 0) == 0; });
    if (c.size() > key.size()) env.push_back(c);
  }
  return env;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
  std::vector<char*> out;
  for (std::string& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

Run run(const std::string& name, const std::vector<std::string>& args,
        const std::vector<std::string>& env_changes) {
  ScratchDir scratch;
  std::string out_path = scratch.path + "/stdout", err_path = scratch.path + "/stderr";
  std::vector<std::string> argv_s{std::string(CXXTEST_PROGRAM_DIR) + "/" + name};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<std::string> env_s = make_env(env_changes);
  std::vector<char*> argv = c_strings(argv_s), envp = c_strings(env_s);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT, 0644);
  posix_spawn_file_actions_addchdir_np(&actions, CXXTEST_FUZZPKG_DIR);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("spawn " + argv_s[0] + ": " + std::strerror(rc));
  int status = 0;
  waitpid(pid, &status, 0);
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = normalize_durations(slurp(out_path));
  r.err = slurp(err_path);
  return r;
}

std::string normalize_durations(const std::string& s) {
  static const std::regex re(R"(\(\d+\.\d\ds\))");
  return std::regex_replace(s, re, "(0.00s)");
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

int count(const std::string& haystack, const std::string& needle) {
  int n = 0;
  for (size_t p = haystack.find(needle); p != std::string::npos; p = haystack.find(needle, p + needle.size()))
    ++n;
  return n;
}

ScratchDir::ScratchDir() {
  std::string templ = std::filesystem::temp_directory_path().string() + "/cxxtest-rt-XXXXXX";
  if (!mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
  path = templ;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

}  // namespace cxxtest_test
