// The script commands: one table (commands.cpp), handlers grouped by kind in
// commands_exec.cpp, commands_files.cpp and commands_match.cpp.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "runner/args.h"
#include "runner/state.h"

namespace cxxtest::script {

// nullopt: the command passed; otherwise why it failed (one line, the runner
// adds "FAIL: script.txt:LINE: ").
using Outcome = std::optional<std::string>;
using Handler = Outcome (*)(State& state, const Args& args, bool negated);

struct Command {
  std::string_view name;
  Handler run;
  bool negatable;  // may be written "! name ..."
  std::string_view usage;
};

// The command called `name`, or nullptr.
const Command* find_command(std::string_view name);

// "300ms", "2s", "1.5s", "5m" -> milliseconds; nullopt when malformed.
std::optional<std::chrono::milliseconds> parse_duration(const std::string& text);

// Handlers, by file.
Outcome cmd_exec(State&, const Args&, bool);
Outcome cmd_bg(State&, const Args&, bool);
Outcome cmd_wait(State&, const Args&, bool);
Outcome cmd_kill(State&, const Args&, bool);
Outcome cmd_status(State&, const Args&, bool);

Outcome cmd_cd(State&, const Args&, bool);
Outcome cmd_cp(State&, const Args&, bool);
Outcome cmd_env(State&, const Args&, bool);
Outcome cmd_exists(State&, const Args&, bool);
Outcome cmd_filecount(State&, const Args&, bool);
Outcome cmd_mkdir(State&, const Args&, bool);
Outcome cmd_rm(State&, const Args&, bool);
Outcome cmd_sleep(State&, const Args&, bool);
Outcome cmd_touch(State&, const Args&, bool);
Outcome cmd_write(State&, const Args&, bool);

Outcome cmd_stdout(State&, const Args&, bool);
Outcome cmd_stderr(State&, const Args&, bool);
Outcome cmd_grep(State&, const Args&, bool);
Outcome cmd_cmp(State&, const Args&, bool);
Outcome cmd_cmpenv(State&, const Args&, bool);

}  // namespace cxxtest::script
