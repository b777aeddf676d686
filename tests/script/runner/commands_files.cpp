// cd, cp, env, exists, filecount, mkdir, rm, sleep, touch, write: the file
// system and the environment. Relative paths are relative to the current
// directory (`cd`), which starts at $WORK.
#include <fstream>
#include <sstream>
#include <thread>

#include "runner/commands.h"

namespace cxxtest::script {
namespace fs = std::filesystem;
namespace {

// TEXT with \n, \t and \\ replaced; any other backslash is kept, so corpus
// literals like bytes("\xff") can be written as they are.
std::string unescape(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (text[i] == '\\' && (next == 'n' || next == 't' || next == '\\')) {
      out += next == 'n' ? '\n' : next == 't' ? '\t' : '\\';
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

Outcome write_file(const fs::path& p, const std::string& content) {
  std::error_code ec;
  if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << content;
  if (!out.good()) return "cannot write " + p.string();
  return std::nullopt;
}

}  // namespace

Outcome cmd_cd(State& s, const Args& a, bool) {
  if (a.size() != 1) return "usage: cd DIR";
  fs::path dir = s.path(a.str(0));
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "cd: " + dir.string() + " is not a directory";
  s.cwd = fs::canonical(dir, ec);
  s.env["PWD"] = s.cwd.string();
  return std::nullopt;
}

Outcome cmd_cp(State& s, const Args& a, bool) {
  if (a.size() < 2) return "usage: cp stdout|stderr|SRC... DST";
  fs::path dst = s.path(a.str(a.size() - 1));
  std::error_code ec;
  bool into_dir = fs::is_directory(dst, ec);
  if (a.size() > 2 && !into_dir) return "cp: with several sources, " + dst.string() + " must be a directory";
  for (size_t i = 0; i + 1 < a.size(); ++i) {
    std::string src = a.str(i);
    fs::path target = into_dir ? dst / fs::path(src).filename() : dst;
    if (src == "stdout" || src == "stderr") {
      if (auto err = write_file(target, src == "stdout" ? s.stdout_text : s.stderr_text)) return err;
      continue;
    }
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    fs::copy_file(s.path(src), target, fs::copy_options::overwrite_existing, ec);
    if (ec) return "cp " + src + ": " + ec.message();
  }
  return std::nullopt;
}

Outcome cmd_env(State& s, const Args& a, bool) {
  if (a.size() == 0) {
    for (const auto& [k, v] : s.env) s.log += k + "=" + v + "\n";
    return std::nullopt;
  }
  for (const std::string& kv : a.strs()) {
    size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      s.log += kv + "=" + s.env[kv] + "\n";
      continue;
    }
    s.env[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  return std::nullopt;
}

Outcome cmd_exists(State& s, const Args& a, bool negated) {
  if (a.size() == 0) return "usage: exists PATH...";
  for (const std::string& p : a.strs()) {
    std::error_code ec;
    bool exists = fs::exists(fs::symlink_status(s.path(p), ec));
    if (exists && negated) return p + " exists";
    if (!exists && !negated) return p + " does not exist";
  }
  return std::nullopt;
}

Outcome cmd_filecount(State& s, const Args& a, bool negated) {
  if (a.size() != 2) return "usage: filecount DIR N";
  std::error_code ec;
  fs::directory_iterator it(s.path(a.str(0)), ec);
  if (ec) return "filecount: " + a.str(0) + ": " + ec.message();
  int count = 0;
  for (const auto& entry : it) count += entry.is_regular_file(ec) ? 1 : 0;
  bool equal = std::to_string(count) == a.str(1);
  if (equal == negated)
    return a.str(0) + " holds " + std::to_string(count) + " regular files, want " + (negated ? "not " : "") +
           a.str(1);
  return std::nullopt;
}

Outcome cmd_mkdir(State& s, const Args& a, bool) {
  if (a.size() == 0) return "usage: mkdir PATH...";
  for (const std::string& p : a.strs()) {
    std::error_code ec;
    fs::create_directories(s.path(p), ec);
    if (ec) return "mkdir " + p + ": " + ec.message();
  }
  return std::nullopt;
}

Outcome cmd_rm(State& s, const Args& a, bool) {
  if (a.size() == 0) return "usage: rm PATH...";
  for (const std::string& p : a.strs()) {
    std::error_code ec;
    fs::remove_all(s.path(p), ec);
    if (ec) return "rm " + p + ": " + ec.message();
  }
  return std::nullopt;
}

Outcome cmd_sleep(State&, const Args& a, bool) {
  auto d = a.size() == 1 ? parse_duration(a.str(0)) : std::nullopt;
  if (!d) return "usage: sleep DURATION (like 100ms, 2s)";
  std::this_thread::sleep_for(*d);
  return std::nullopt;
}

// Creates missing files. Sets the mtime to now, or to one second past the
// old mtime if that is not in the past, so it always moves forward.
Outcome cmd_touch(State& s, const Args& a, bool) {
  if (a.size() == 0) return "usage: touch FILE...";
  for (const std::string& p : a.strs()) {
    fs::path file = s.path(p);
    std::error_code ec;
    if (!fs::exists(file, ec)) std::ofstream(file).flush();
    auto old = fs::last_write_time(file, ec);
    if (ec) return "touch " + p + ": " + ec.message();
    auto now = fs::file_time_type::clock::now();
    fs::last_write_time(file, old < now ? now : old + std::chrono::seconds(1), ec);
    if (ec) return "touch " + p + ": " + ec.message();
  }
  return std::nullopt;
}

Outcome cmd_write(State& s, const Args& a, bool) {
  if (a.size() < 2) return "usage: write FILE TEXT";
  std::string text;
  for (size_t i = 1; i < a.size(); ++i) text += (i > 1 ? " " : "") + a.str(i);
  return write_file(s.path(a.str(0)), unescape(text));
}

}  // namespace cxxtest::script
