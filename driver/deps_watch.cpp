#include "driver/deps_watch.h"

#include <sys/stat.h>

#include <deque>
#include <fstream>
#include <set>
#include <unordered_map>

#include "cachedir/atomic_file.h"
#include "cachedir/sha256.h"
#include "driver/include_graph.h"

namespace cxxtest::driver::deps {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The build system's own files, by name.
bool is_build_file(std::string_view rel) {
  std::string_view name = rel.substr(rel.rfind('/') + 1);
  if (name == "CMakeLists.txt" || name == "configure" || name == "GNUmakefile" || name == "makefile" ||
      name.substr(0, 8) == "Makefile")
    return true;
  for (std::string_view ext : {".cmake", ".am", ".ac", ".in", ".m4", ".mk"})
    if (ends_with(name, ext)) return true;
  return false;
}

bool is_under(const std::string& path, const std::string& dir) {
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/';
}

// Maps a path in the build copy back to the source (a copy's compiles name
// the copy).
std::string to_source(const fs::path& p, const DepDirs& dirs, bool copy) {
  std::string s = p.lexically_normal().string();
  std::string build = dirs.build.lexically_normal().string();
  if (copy && is_under(s, build))
    return (dirs.source / s.substr(build.size() + 1)).lexically_normal().string();
  return s;
}

// Every compiled source and the include dirs named by any compile command.
void read_log(const DepDirs& dirs, bool copy, std::vector<std::string>& sources,
              std::vector<std::string>& inc_dirs) {
  std::ifstream in(dirs.compile_log);
  std::set<std::string> seen_dirs;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    for (size_t start = 0;;) {
      size_t tab = line.find('\t', start);
      f.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (f.size() < 2) continue;
    fs::path cwd = f[1];
    sources.push_back(to_source(fs::path(f[0]).is_absolute() ? fs::path(f[0]) : cwd / f[0], dirs, copy));
    for (size_t i = 2; i < f.size(); ++i) {
      for (std::string_view flag : {"-isystem", "-iquote", "-idirafter", "-I"}) {
        if (f[i].compare(0, flag.size(), flag) != 0) continue;
        std::string d = f[i].size() > flag.size() ? f[i].substr(flag.size()) : i + 1 < f.size() ? f[++i] : "";
        if (d.empty()) break;
        std::string abs = to_source(fs::path(d).is_absolute() ? fs::path(d) : cwd / d, dirs, copy);
        if (seen_dirs.insert(abs).second) inc_dirs.push_back(abs);
        break;
      }
    }
  }
}

bool regular_file(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

void add_stat(std::string& out, const WatchedPath& w, const struct stat* st) {
  out += w.path;
  if (!st) {
    out += " missing\n";
    return;
  }
  int64_t mtime = static_cast<int64_t>(st->st_mtim.tv_sec) * 1000000000 + st->st_mtim.tv_nsec;
  out += " " + std::to_string(mtime) + (w.dir ? std::string() : " " + std::to_string(st->st_size)) + "\n";
}

}  // namespace

std::vector<WatchedPath> watched_paths(const DepDirs& dirs, bool copy,
                                       const std::vector<SourceEntry>& entries) {
  std::vector<std::string> sources, inc_dirs;
  read_log(dirs, copy, sources, inc_dirs);
  std::string src_root = clean_dir(dirs.source).string();
  // Only files the walk saw are watched: one the fingerprint leaves out (in
  // the module, the cache, another build tree) never rebuilds the dep.
  std::set<std::string> walked;
  for (const auto& e : entries) walked.insert(src_root + "/" + e.rel);
  std::set<std::string> files;
  std::deque<std::string> queue;
  auto watch = [&](const std::string& f) {
    if (walked.count(f) != 0 && files.insert(f).second) queue.push_back(f);
  };
  for (const auto& s : sources) watch(s);
  if (files.empty()) return {};
  // The headers they reach, resolved like the compiler would (own dir for
  // "x", then the -I dirs), kept when inside the source tree.
  while (!queue.empty()) {
    std::string file = queue.front();
    queue.pop_front();
    auto text = cachedir::read_file(file);
    if (!text) continue;
    std::string own_dir = file.substr(0, file.rfind('/'));
    for (const auto& d : scan_include_directives(*text)) {
      std::string name = d.substr(1);
      std::vector<std::string> candidates;
      if (d[0] == '"') candidates.push_back(own_dir + "/" + name);
      for (const auto& dir : inc_dirs) candidates.push_back(dir + "/" + name);
      for (const auto& c : candidates) {
        std::string norm = fs::path(c).lexically_normal().string();
        if (!regular_file(norm)) continue;
        watch(norm);
        break;
      }
    }
  }
  for (const auto& e : entries)
    if (is_build_file(e.rel)) files.insert(src_root + "/" + e.rel);
  std::set<std::string> dirs_of;
  for (const auto& f : files)
    for (std::string d = f.substr(0, f.rfind('/')); d.size() >= src_root.size();
         d = d.substr(0, d.rfind('/'))) {
      if (!dirs_of.insert(d).second) break;
      if (d == src_root) break;
    }
  std::vector<WatchedPath> out;
  for (const auto& f : files) out.push_back({f, false});
  for (const auto& d : dirs_of) out.push_back({d, true});
  return out;
}

std::string watched_digest(const std::vector<WatchedPath>& paths) {
  std::string text;
  for (const auto& w : paths) {
    struct stat st;
    add_stat(text, w, lstat(w.path.c_str(), &st) == 0 ? &st : nullptr);
  }
  return cachedir::sha256_hex(text);
}

std::string watched_digest_at_walk(const std::vector<WatchedPath>& paths, const fs::path& source,
                                   const std::vector<SourceEntry>& entries) {
  std::unordered_map<std::string, const SourceEntry*> by_path;
  std::string root = clean_dir(source).string();
  for (const auto& e : entries) by_path.emplace(root + "/" + e.rel, &e);
  std::string text;
  for (const auto& w : paths) {
    struct stat st;
    auto it = w.dir ? by_path.end() : by_path.find(w.path);
    if (it != by_path.end()) {
      st = {};
      st.st_mtim.tv_sec = it->second->mtime_ns / 1000000000;
      st.st_mtim.tv_nsec = it->second->mtime_ns % 1000000000;
      st.st_size = it->second->size;
      add_stat(text, w, &st);
    } else {
      add_stat(text, w, lstat(w.path.c_str(), &st) == 0 ? &st : nullptr);
    }
  }
  return cachedir::sha256_hex(text);
}

}  // namespace cxxtest::driver::deps
