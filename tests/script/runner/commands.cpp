#include "runner/commands.h"

#include <cstdlib>

namespace cxxtest::script {
namespace {

constexpr Command kCommands[] = {
    {"exec", cmd_exec, true, "exec PROGRAM [ARGS...]"},
    {"bg", cmd_bg, false, "bg NAME exec PROGRAM [ARGS...]"},
    {"wait", cmd_wait, true, "wait NAME"},
    {"kill", cmd_kill, false, "kill [-SIGNAL] NAME"},
    {"status", cmd_status, false, "status N"},
    {"stdout", cmd_stdout, true, "stdout [-count=N] REGEX"},
    {"stderr", cmd_stderr, true, "stderr [-count=N] REGEX"},
    {"grep", cmd_grep, true, "grep [-count=N] REGEX FILE"},
    {"cmp", cmd_cmp, false, "cmp stdout|stderr|FILE1 FILE2"},
    {"cmpenv", cmd_cmpenv, false, "cmpenv stdout|stderr|FILE1 FILE2 (expands $VARS in FILE2)"},
    {"exists", cmd_exists, true, "exists PATH..."},
    {"filecount", cmd_filecount, true, "filecount DIR N"},
    {"cd", cmd_cd, false, "cd DIR"},
    {"cp", cmd_cp, false, "cp stdout|stderr|SRC... DST"},
    {"env", cmd_env, false, "env [NAME=VALUE...]"},
    {"mkdir", cmd_mkdir, false, "mkdir PATH..."},
    {"rm", cmd_rm, false, "rm PATH..."},
    {"sleep", cmd_sleep, false, "sleep DURATION"},
    {"touch", cmd_touch, false, "touch FILE..."},
    {"write", cmd_write, false, "write FILE TEXT (\\n, \\t and \\\\ are escapes)"},
};

}  // namespace

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

std::optional<std::chrono::milliseconds> parse_duration(const std::string& text) {
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || value < 0) return std::nullopt;
  std::string unit(end);
  double ms = unit == "ms" ? value : unit == "s" ? value * 1e3 : unit == "m" ? value * 60e3 : -1;
  if (ms < 0) return std::nullopt;
  return std::chrono::milliseconds(static_cast<long long>(ms));
}

}  // namespace cxxtest::script
