// Running a dep's build commands: the wrappers' environment, build.log, -x,
// and failure messages with the log's last lines.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cachedir/atomic_file.h"
#include "driver/compiler_wrapper.h"
#include "driver/deps_internal.h"
#include "driver/paths.h"
#include "driver/process.h"
#include "driver/shell.h"
#include "runtime/flags/duration.h"

namespace cxxtest::driver::deps {

namespace {

constexpr int kTailLines = 60;
constexpr int kErrorLines = 10;
// Seconds between a build's progress lines: $CXXTEST_DEP_PROGRESS, else
// 20; 0 turns them off.
std::chrono::seconds progress_every() {
  const char* v = std::getenv("CXXTEST_DEP_PROGRESS");
  if (!v || !*v) return std::chrono::seconds(20);
  char* end = nullptr;
  long n = std::strtol(v, &end, 10);
  if (*end != '\0' || n < 0) {
    std::cerr << "cxxtest: CXXTEST_DEP_PROGRESS=" << v << " is not a number of seconds: using 20\n";
    return std::chrono::seconds(20);
  }
  return std::chrono::seconds(n);
}

int cpu_count() {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

// "exit 2" or "signal: killed".
std::string how_it_ended(const ExitStatus& st) {
  return st.signal != 0 ? st.describe() : "exit " + std::to_string(st.code);
}

// How many files the largest finished build of the dep in another variant
// compiled, and which: "632 in the fuzz build", or "".
std::string other_build_size(const DepDirs& dirs) {
  const fs::path variants = dirs.root.parent_path().parent_path().parent_path();  // <key>/<variant>/deps/NAME
  std::error_code ec;
  long best = 0;
  std::string which;
  for (fs::directory_iterator it(variants, ec), end; !ec && it != end; it.increment(ec)) {
    fs::path other = it->path() / dirs.root.parent_path().filename() / dirs.root.filename();
    std::error_code e2;
    if (other == dirs.root || !fs::exists(other / dirs.result.filename(), e2)) continue;
    auto log = cachedir::read_file(other / dirs.compile_log.filename());
    long n = log ? long(std::count(log->begin(), log->end(), '\n')) : 0;
    if (n > best) {
      best = n;
      which = it->path().filename().string();
    }
  }
  return best > 0 ? std::to_string(best) + " in the " + which + " build" : "";
}

}  // namespace

std::vector<std::string> noinstrument_globs(const DepSpec& spec, const DepContext& ctx) {
  if (ctx.external || ctx.variant.mode != cxxtest::instrument::Mode::Fuzz) return {};
  std::vector<std::string> out;
  auto under = [](const fs::path& dir, const std::string& glob) {
    return fs::path(glob).is_absolute() ? glob : (dir / glob).lexically_normal().string();
  };
  for (const auto& g : spec.noinstrument) out.push_back(under(spec.source, g));
  for (const auto& g : ctx.module_noinstrument) out.push_back(under(ctx.module_root, g));
  return out;
}

std::string wrapper_cc(const DepContext& ctx) {
  return (ctx.cc.empty() ? install_paths().prefix / "bin" / "cxxtest-cc" : ctx.cc).string();
}

std::string wrapper_cxx(const DepContext& ctx) {
  return (ctx.cxx.empty() ? install_paths().prefix / "bin" / "cxxtest-c++" : ctx.cxx).string();
}

std::string tail_lines(std::string_view text, int n) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  for (int lines = 0; pos > 0; --pos)
    if (text[pos - 1] == '\n' && ++lines == n) break;
  std::string tail(text.substr(pos));
  if (!tail.empty() && tail.back() != '\n') tail += '\n';
  return tail;
}

std::string first_error_lines(std::string_view text, size_t from, int n) {
  std::string out;
  for (size_t pos = from; n > 0 && pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (line.find("error:") != std::string_view::npos || line.find("Error:") != std::string_view::npos) {
      out.append(line).push_back('\n');
      --n;
    }
    pos = end + 1;
  }
  return out;
}

DepRunner::DepRunner(const DepSpec& spec, const DepContext& ctx, const DepDirs& dirs,
                     const std::string& system)
    : spec_(spec),
      ctx_(ctx),
      dirs_(dirs),
      cc_(wrapper_cc(ctx)),
      cxx_(wrapper_cxx(ctx)),
      jobs_(ctx.jobs > 0 ? ctx.jobs : cpu_count()),
      label_(spec.name + " (" + system + ", " + ctx.build_name() + ")"),
      other_build_(other_build_size(dirs)),
      started_(std::chrono::steady_clock::now()),
      said_(started_) {
  env_ = {
      "CC=" + cc_,
      "CXX=" + cxx_,
      "CXXTEST_VARIANT=" + ctx.build_name(),
      "CXXTEST_COMPILE_LOG=" + dirs.compile_log.string(),
      "CXXTEST_DEP_SOURCE=" + dirs.source.string(),
      "CXXTEST_DEP_BUILD=" + dirs.build.string(),
      "CXXTEST_DEP_PREFIX=" + dirs.prefix.string(),
      // An outer make's flags (-n, -k, its jobserver) and DESTDIR are not
      // the dep build's.
      "MAKEFLAGS=",
      "MFLAGS=",
      "DESTDIR=",
  };
  if (auto globs = noinstrument_globs(spec, ctx); !globs.empty())
    env_.push_back("CXXTEST_NOINSTRUMENT=" + noinstrument_env_value(globs));
  find_earlier_deps(ctx);
  env_.push_back("CXXTEST_CC=" + dep_compiler(ctx, false));
  env_.push_back("CXXTEST_CXX=" + dep_compiler(ctx, true));
  if (const auto& ext = ctx.external) {
    env_.push_back("CXXTEST_EXTERNAL_CFLAGS=" + join_flags(ext->cflags));
    env_.push_back("CXXTEST_EXTERNAL_CXXFLAGS=" + join_flags(ext->cxxflags));
  }
  for (const auto& e : env_) setup_env_ += "env " + e + "\n";
  for (const char* var : {"CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS"}) {
    const char* v = std::getenv(var);
    setup_env_ += std::string("user ") + var + "=" + (v ? v : "") + "\n";
  }
}

std::string DepRunner::setup(const std::vector<std::string>& command) const {
  return shell_join(command) + "\n" + setup_env_;
}

// PKG_CONFIG_PATH, CMAKE_PREFIX_PATH, CPPFLAGS and LDFLAGS that lead with
// the earlier deps (deps.h), the user's values after.
void DepRunner::find_earlier_deps(const DepContext& ctx) {
  std::string pc_path, prefixes;
  std::vector<std::string> cppflags, ldflags;
  for (const EarlierDep& d : ctx.earlier) {
    for (const char* sub : kPkgConfigDirs)
      pc_path += (pc_path.empty() ? "" : ":") + (d.build.prefix / sub).string();
    prefixes += (prefixes.empty() ? "" : ":") + d.build.prefix.string();
    for (const auto& dir : d.build.include_dirs) cppflags.push_back("-I" + dir.string());
    for (const auto& a : d.build.archives)
      if (std::string dir = "-L" + a.parent_path().string();
          std::find(ldflags.begin(), ldflags.end(), dir) == ldflags.end())
        ldflags.push_back(dir);
  }
  auto user = [](const char* name) {
    const char* v = std::getenv(name);
    return std::string(v ? v : "");
  };
  auto lead = [](std::string mine, const std::string& theirs, const char* sep) {
    return theirs.empty() ? mine : mine.empty() ? theirs : mine + sep + theirs;
  };
  pkg_config_path_ = lead(pc_path, user("PKG_CONFIG_PATH"), ":");
  if (ctx.earlier.empty()) return;
  env_.push_back("PKG_CONFIG_PATH=" + pkg_config_path_);
  env_.push_back("CMAKE_PREFIX_PATH=" + lead(prefixes, user("CMAKE_PREFIX_PATH"), ":"));
  env_.push_back("CPPFLAGS=" + lead(join_flags(cppflags), user("CPPFLAGS"), " "));
  env_.push_back("LDFLAGS=" + lead(join_flags(ldflags), user("LDFLAGS"), " "));
}

void DepRunner::map_build_to_source() { map_to_source(dirs_.build.string()); }

void DepRunner::map_to_source(const std::string& from) {
  std::string to = dirs_.source.string();
  if (from.find_first_of(" \t\n") != std::string::npos || to.find_first_of(" \t\n") != std::string::npos)
    return;
  const char* user = std::getenv("CCC_OVERRIDE_OPTIONS");
  // A leading '#' keeps clang from printing each edit it applies.
  env_.push_back("CCC_OVERRIDE_OPTIONS=# " + std::string(user ? user : "") + " +-ffile-prefix-map=" + from +
                 "=" + to);
}

Error DepRunner::error(const std::string& what) const {
  return Error{spec_.where + ": [deps." + spec_.name + "]: " + what};
}

void DepRunner::warn(const std::string& what) {
  std::string line = "cxxtest: [deps." + spec_.name + "]: " + what + "\n";
  std::cerr << line;
  std::ofstream(dirs_.build_log, std::ios::app) << line;
}

std::string DepRunner::last_output() const {
  auto log = cachedir::read_file(dirs_.build_log);
  if (!log || last_from_ > log->size()) return "";
  return log->substr(size_t(last_from_));
}

void DepRunner::warn_ignored(const std::string& tool, const std::vector<std::string>& options) {
  if (options.empty()) return;
  std::string list;
  for (const std::string& o : options) list += (list.empty() ? "" : " ") + o;
  warn(tool + " went on without " + (options.size() == 1 ? "option " : "options ") + list +
       ", which it does not know: this version of the project may lack it, or it is misspelled (see " +
       dirs_.build_log.string() + ")");
}

int DepRunner::exec(const std::vector<std::string>& argv, const fs::path& cwd, std::string* how) {
  std::string shown = "cd " + shell_quote(cwd.string()) + " && " + shell_join(argv);
  if (ctx_.print_commands) std::cerr << shown << "\n";
  std::ofstream log(dirs_.build_log, std::ios::app | std::ios::binary);
  log << "$ " << shown << "\n" << std::flush;
  ProcessOptions opts;
  opts.cwd = cwd.string();
  opts.extra_env = env_;
  std::string start_error;
  ExitStatus st = run_process(argv, opts, &start_error, [&](std::string_view chunk) {
    log << chunk;
    say_progress(argv);
  });
  if (!start_error.empty()) log << start_error;  // set only when the program did not start
  log << std::flush;
  *how = how_it_ended(st);
  if (!st.ok()) log << "(" << *how << ")\n";
  return st.ok() ? 0 : 1;
}

void DepRunner::say_progress(const std::vector<std::string>& argv) {
  static const std::chrono::seconds every = progress_every();
  auto now = std::chrono::steady_clock::now();
  if (every.count() == 0 || now - said_ < every) return;
  said_ = now;
  auto ran = std::chrono::duration_cast<std::chrono::nanoseconds>(now - started_).count();
  std::string line =
      "cxxtest: building dep " + label_ + ": " + runtime::format_duration(runtime::round_to_second(ran));
  auto log = cachedir::read_file(dirs_.compile_log);
  auto compiled = log ? std::count(log->begin(), log->end(), '\n') : 0;
  // While configure or CMake runs, "0 files compiled" read as a stall.
  line += compiled == 0
              ? std::string(", nothing compiled yet")
              : ", " + std::to_string(compiled) + (compiled == 1 ? " file" : " files") + " compiled";
  if (!other_build_.empty()) line += " (" + other_build_ + ")";
  std::cerr << line << ", running " << progress_step(argv) << "\n";
}

std::string progress_step(const std::vector<std::string>& argv) {
  if (argv.empty()) return "";
  size_t at = 0;  // past `env VAR=value...` to the program it runs
  if (fs::path(argv[0]).filename() == "env")
    for (at = 1; at + 1 < argv.size() && argv[at].find('=') != std::string::npos;) ++at;
  std::string step = fs::path(argv[at]).filename().string();
  if (argv.size() > at + 1 && argv[at + 1].rfind("--", 0) == 0) step += " " + argv[at + 1];
  // A shell runs a script (autogen.sh) or, with -c, a `command` build.
  if ((step == "sh" || step == "bash") && argv.size() > at + 1)
    step = argv[at + 1] == "-c" ? "its command" : fs::path(argv[at + 1]).filename().string();
  return step;
}

Expected<bool> DepRunner::run(const std::string& what, const std::vector<std::string>& argv,
                              const fs::path& cwd) {
  std::string how;
  std::error_code ec;
  uintmax_t from = fs::exists(dirs_.build_log, ec) ? fs::file_size(dirs_.build_log, ec) : 0;
  last_from_ = ec ? 0 : from;  // where this run's output starts (last_output)
  if (exec(argv, cwd, &how) == 0) return true;
  auto log = cachedir::read_file(dirs_.build_log);
  std::string_view text = log ? std::string_view(*log) : std::string_view();
  std::string tail = tail_lines(text, kTailLines);
  std::string message =
      what + " failed (" + how + "); last lines of " + dirs_.build_log.string() + ":\n" + tail;
  // A parallel make's first errors scroll away under other jobs' output
  // (libxml2's Python binding: 60 lines of warnings after them).
  std::string first = first_error_lines(text, size_t(last_from_), kErrorLines);
  if (!first.empty() && tail.find(first.substr(0, first.find('\n'))) == std::string::npos)
    message += "first errors in it:\n" + first;
  return error(message);
}

bool DepRunner::try_run(const std::vector<std::string>& argv, const fs::path& cwd) {
  std::string how;
  return exec(argv, cwd, &how) == 0;
}

bool DepRunner::capture(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                        std::string* output) {
  std::ofstream log(dirs_.build_log, std::ios::app | std::ios::binary);
  log << "$ " << shell_join(env) << " " << shell_join(argv) << "\n";
  if (ctx_.print_commands) std::cerr << shell_join(env) << " " << shell_join(argv) << "\n";
  ProcessOptions opts;
  opts.cwd = dirs_.build.string();
  // `env` wins over the runner's own values of the same names.
  for (const auto& e : env_) {
    std::string name = e.substr(0, e.find('=') + 1);
    if (std::none_of(env.begin(), env.end(), [&](const std::string& x) { return x.rfind(name, 0) == 0; }))
      opts.extra_env.push_back(e);
  }
  opts.extra_env.insert(opts.extra_env.end(), env.begin(), env.end());
  output->clear();
  ExitStatus st = run_process(argv, opts, output);
  log << *output;
  if (!output->empty() && output->back() != '\n') log << "\n";
  if (!st.ok()) log << "(" << how_it_ended(st) << ")\n";
  return st.ok();
}

bool reset_unless_configured(const DepDirs& dirs, const std::string& setup) {
  auto old = cachedir::read_file(dirs.configured);
  if (old && *old == setup) return false;
  std::error_code ec;
  fs::remove(dirs.configured, ec);
  fs::remove_all(dirs.build, ec);
  fs::remove_all(dirs.prefix, ec);
  fs::remove(dirs.compile_log, ec);
  fs::create_directories(dirs.build, ec);
  return true;
}

Expected<bool> mark_configured(const DepDirs& dirs, const std::string& setup) {
  Status written = cachedir::write_atomic(dirs.configured, setup);
  if (!written) return Error{written.error()};
  return true;
}

}  // namespace cxxtest::driver::deps
