#include "driver/compile_db.h"

#include <nlohmann/json.hpp>

#include "cachedir/atomic_file.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Flags whose value is a path, given joined ("-Idir") or as the next word.
constexpr std::string_view kPathFlags[] = {"-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-I"};
// Flags kept with their value as given.
constexpr std::string_view kValueFlags[] = {"-D", "-U"};
// Flags whose next word is their value, dropped with it.
constexpr std::string_view kDroppedWithValue[] = {"-o", "-MF",     "-MT",     "-MQ",
                                                  "-x", "-Xclang", "-target", "-arch"};
// -f flags that are cxxtest's to choose, not the code's meaning.
constexpr std::string_view kDroppedF[] = {
    "-fsanitize", "-fno-sanitize", "-fprofile",      "-fno-profile",        "-fcoverage",    "-flto",
    "-fno-lto",   "-fdiagnostics", "-fcolor",        "-fno-color",          "-fpass-plugin", "-fplugin",
    "-fdebug",    "-ffile-prefix", "-fmacro-prefix", "-fcrash-diagnostics", "-ftime-trace",  "-fuse-ld",
    "-fprebuilt", "-fmodule",      "-fpch"};

std::string absolute_in(const std::string& path, const fs::path& directory) {
  fs::path p(path);
  return (p.is_absolute() ? p : directory / p).lexically_normal().string();
}

bool kept_f_flag(std::string_view a) {
  for (auto d : kDroppedF)
    if (starts_with(a, d)) return false;
  return true;
}

// Length of the directory prefix `a` and `b` share, in path elements.
size_t common_dirs(std::string_view a, std::string_view b) {
  size_t n = 0, i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    if (a[i] == '/') ++n;
    ++i;
  }
  return n;
}

}  // namespace

std::vector<std::string> split_command(std::string_view command) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < command.size(); ++i) {
    char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) out.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '\'') {
      in_word = true;
      for (++i; i < command.size() && command[i] != '\''; ++i) word += command[i];
    } else if (c == '"') {
      in_word = true;
      for (++i; i < command.size() && command[i] != '"'; ++i) {
        if (command[i] == '\\' && i + 1 < command.size() &&
            std::string_view("\"\\$`").find(command[i + 1]) != std::string_view::npos)
          ++i;
        word += command[i];
      }
    } else if (c == '\\' && i + 1 < command.size()) {
      in_word = true;
      word += command[++i];
    } else {
      in_word = true;
      word += c;
    }
  }
  if (in_word) out.push_back(std::move(word));
  return out;
}

std::vector<std::string> kept_compile_flags(const std::vector<std::string>& argv, const fs::path& directory,
                                            std::string* std_flag) {
  std::vector<std::string> out;
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    bool next_is_value = i + 1 < argv.size();
    bool handled = false;
    for (auto f : kPathFlags) {
      if (!starts_with(a, f)) continue;
      handled = true;
      if (a.size() > f.size()) out.push_back(std::string(f) + absolute_in(a.substr(f.size()), directory));
      else if (next_is_value) {
        out.push_back(std::string(f));
        out.push_back(absolute_in(argv[++i], directory));
      }
      break;
    }
    if (handled) continue;
    for (auto f : kValueFlags) {
      if (!starts_with(a, f)) continue;
      handled = true;
      if (a.size() > f.size()) out.push_back(a);
      else if (next_is_value) {
        out.push_back(a);
        out.push_back(argv[++i]);
      }
      break;
    }
    if (handled) continue;
    for (auto f : kDroppedWithValue)
      if (a == f) {
        handled = true;
        ++i;
        break;
      }
    if (handled) continue;
    if (starts_with(a, "-std=")) {
      if (std_flag) *std_flag = a;
    } else if (a == "-pthread" || (starts_with(a, "-m") && a != "-m")) out.push_back(a);
    else if (starts_with(a, "-f") && kept_f_flag(a)) out.push_back(a);
    // Everything else (the source, -c, -O*, -g*, -W*, -M*, other words) is dropped.
  }
  return out;
}

Expected<CompileDb> CompileDb::parse(const std::string& json_text, const fs::path& file) {
  nlohmann::json doc = nlohmann::json::parse(json_text, nullptr, false);
  if (doc.is_discarded() || !doc.is_array())
    return Error{file.string() +
                 ": not a compilation database (want a JSON array of {directory, file, arguments|command})"};
  CompileDb db;
  size_t index = 0;
  for (const auto& e : doc) {
    ++index;
    std::string at = file.string() + ": entry " + std::to_string(index);
    if (!e.is_object() || !e.contains("directory") || !e.contains("file") || !e["directory"].is_string() ||
        !e["file"].is_string())
      return Error{at + ": needs \"directory\" and \"file\" strings"};
    fs::path dir = e["directory"].get<std::string>();
    if (dir.is_relative()) dir = file.parent_path() / dir;  // lenient: relative to the database
    std::vector<std::string> argv;
    if (e.contains("arguments") && e["arguments"].is_array()) {
      for (const auto& a : e["arguments"])
        if (a.is_string()) argv.push_back(a.get<std::string>());
    } else if (e.contains("command") && e["command"].is_string()) {
      argv = split_command(e["command"].get<std::string>());
    } else {
      return Error{at + ": needs \"arguments\" (an array) or \"command\" (a string)"};
    }
    Entry entry;
    entry.file = absolute_in(e["file"].get<std::string>(), dir);
    entry.flags = kept_compile_flags(argv, dir, &entry.std_flag);
    if (db.by_file_.emplace(entry.file, db.entries_.size()).second) db.entries_.push_back(std::move(entry));
  }
  return db;
}

Expected<CompileDb> CompileDb::load(const fs::path& file) {
  auto text = cxxtest::cachedir::read_file(file);
  if (!text)
    return Error{
        file.string() +
        ": cannot read (generate it with cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make)"};
  return parse(*text, file);
}

std::vector<fs::path> CompileDb::include_dirs() const {
  std::vector<fs::path> out;
  std::unordered_map<std::string, bool> seen;
  auto add = [&](const std::string& d) {
    if (seen.emplace(d, true).second) out.emplace_back(d);
  };
  for (const auto& e : entries_)
    for (size_t i = 0; i < e.flags.size(); ++i) {
      const std::string& f = e.flags[i];
      for (std::string_view flag : {"-isystem", "-iquote", "-idirafter", "-I"}) {
        if (!starts_with(f, flag)) continue;
        if (f.size() > flag.size()) add(f.substr(flag.size()));
        else if (i + 1 < e.flags.size()) add(e.flags[++i]);
        break;
      }
    }
  return out;
}

std::string CompileDb::std_of(const fs::path& source) const {
  auto it = by_file_.find(source.string());
  return it == by_file_.end() ? "" : entries_[it->second].std_flag;
}

std::vector<std::string> CompileDb::flags_for(const fs::path& source) const {
  if (auto it = by_file_.find(source.string()); it != by_file_.end()) return entries_[it->second].flags;
  const Entry* best = nullptr;
  size_t best_common = 0;
  std::string src = source.string();
  for (const auto& e : entries_) {
    size_t n = common_dirs(e.file, src);
    if (!best || n > best_common) {
      best = &e;
      best_common = n;
    }
  }
  return best ? best->flags : std::vector<std::string>{};
}

}  // namespace cxxtest::driver
