#include "driver/build.h"

#include <iostream>
#include <map>
#include <vector>

#include "cachedir/lock.h"
#include "driver/ninja_file.h"
#include "driver/process.h"

namespace cxxtest::driver {

namespace {

// Ninja prints each started command behind this status prefix (NINJA_STATUS).
constexpr std::string_view kStatus = "\x1b[cxxtest]";

// Reads ninja's output line by line: status lines (commands, for -x), and
// "FAILED: <outputs>" blocks, whose following lines are that step's output.
class NinjaOutput {
 public:
  explicit NinjaOutput(bool print_commands) : print_commands_(print_commands) {}
  void feed(std::string_view chunk) {
    pending_.append(chunk);
    size_t nl;
    while ((nl = pending_.find('\n')) != std::string::npos) {
      line(pending_.substr(0, nl));
      pending_.erase(0, nl + 1);
    }
  }
  std::map<std::string, std::string> failed;  // output path -> its compiler output
  std::string other;                          // ninja's own errors

 private:
  void line(const std::string& l) {
    if (l.rfind(kStatus, 0) == 0) {
      current_.clear();
      if (print_commands_) std::cerr << l.substr(kStatus.size()) << "\n";
    } else if (l.rfind("FAILED: ", 0) == 0) {
      current_.clear();
      std::string rest = l.substr(8);
      for (size_t start = 0; start < rest.size();) {
        size_t sp = rest.find(' ', start);
        if (sp == std::string::npos) sp = rest.size();
        current_.push_back(rest.substr(start, sp - start));
        failed[current_.back()];
        start = sp + 1;
      }
      skip_command_ = true;
    } else if (l.rfind("ninja: ", 0) == 0) {
      if (l.rfind("ninja: error", 0) == 0) other += l + "\n";
    } else if (!current_.empty()) {
      if (skip_command_) {
        skip_command_ = false;
        return;
      }  // the failed command itself
      for (const auto& o : current_) failed[o] += l + "\n";
    } else {
      other += l + "\n";
    }
  }
  bool print_commands_;
  bool skip_command_ = false;
  std::string pending_;
  std::vector<std::string> current_;
};

// Prints the printf-format warnings of cxxtest.h (printf_check.h) from the
// output of steps that succeeded, one line each, as go test prints vet's
// printf findings; other warnings of passing compiles stay quiet.
void print_printf_warnings(std::string_view text) {
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(start, nl - start);
    if (line.find(": warning: cxxtest: ") != std::string_view::npos) std::cerr << line << "\n";
    start = nl + 1;
  }
}

}  // namespace

Expected<BuildResult> run_build(const Plan& plan, bool print_commands, int jobs) {
  std::vector<std::string> argv{"ninja", "-C", plan.build_dir.string(), "-k",
                                "0",     "-j", std::to_string(jobs)};
  if (print_commands) argv.push_back("-v");
  size_t targets = 0;
  for (const auto& p : plan.packages)
    if (p.has_tests() && p.errors.empty()) {
      argv.push_back(p.binary.string());
      ++targets;
    }
  BuildResult result;
  if (targets == 0) return result;

  cxxtest::cachedir::FileLock lock;
  if (Status locked = lock.acquire(plan.build_dir / ".lock", cxxtest::cachedir::LockMode::Exclusive); !locked)
    return Error{"locking the build directory: " + locked.error()};
  // Written under the lock: another cxxtest run may be building a different
  // set of packages in the same directory.
  auto written = write_build_files(plan);
  if (!written) return Error{written.error()};
  ProcessOptions opts;
  opts.extra_env = {"NINJA_STATUS=" + std::string(kStatus)};
  NinjaOutput parsed(print_commands);
  ExitStatus st = run_process(argv, opts, nullptr, [&](std::string_view chunk) { parsed.feed(chunk); });
  if (st.code == 127)
    return Error{"cannot run ninja (install ninja-build): executable file not found in $PATH"};
  if (!st.ok() && parsed.failed.empty())
    return Error{"ninja failed (" + st.describe() + "):\n" + parsed.other};
  print_printf_warnings(parsed.other);
  for (const auto& p : plan.packages) {
    if (!p.has_tests() || !p.errors.empty()) continue;
    std::vector<std::filesystem::path> outputs = p.objects;
    outputs.push_back(p.binary);
    std::string text;
    bool failed = false;
    for (const auto& o : outputs) {
      auto it = parsed.failed.find(o.string());
      if (it == parsed.failed.end()) continue;
      failed = true;
      text += it->second;
    }
    if (failed) result.failed[p.pkg->rel_dir] = text;
  }
  return result;
}

}  // namespace cxxtest::driver
