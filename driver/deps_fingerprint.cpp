// A dep's source tree as (path, mtime, size) entries, from readdir and lstat
// alone, the fingerprint text built from them, and tree copies that touch
// only the files that changed.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "cachedir/atomic_file.h"
#include "driver/deps_internal.h"
#include "driver/paths.h"
#include "driver/process.h"
#include "driver/shell.h"
#include "instrument/variant.h"

namespace cxxtest::driver::deps {

namespace {

// Marks a build dir that is a copy of the source (written after the copy).
constexpr const char* kCopyMarker = ".cxxtest-copy";

constexpr std::string_view kSkippedDirs[] = {".git", ".hg", ".svn", ".deps", ".libs", "autom4te.cache"};
constexpr std::string_view kObjectSuffixes[] = {".o", ".obj", ".lo", ".la", ".so", ".gch", ".pch"};
// A directory holding one of these is a build tree (CMake's, configure's).
constexpr std::string_view kBuildTreeMarkers[] = {"CMakeCache.txt", "config.status"};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_object_file(std::string_view name) {
  for (auto suffix : kObjectSuffixes)
    if (ends_with(name, suffix)) return true;
  return name.find(".so.") != std::string_view::npos;
}

bool is_skipped_dir(std::string_view name) {
  return std::find(std::begin(kSkippedDirs), std::end(kSkippedDirs), name) != std::end(kSkippedDirs);
}

int64_t mtime_ns(const struct stat& st) {
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

struct Walker {
  const std::vector<std::string>& skip;  // absolute dirs, as strings
  std::vector<SourceEntry>& out;

  // Lists `dir` (absolute `abs`, relative `rel`, "" for the root).
  void walk(const std::string& abs, const std::string& rel) {
    DIR* d = opendir(abs.c_str());
    if (!d) return;
    std::vector<std::string> names;
    bool build_tree = false;
    while (dirent* e = readdir(d)) {
      std::string_view name = e->d_name;
      if (name == "." || name == "..") continue;
      for (auto marker : kBuildTreeMarkers) build_tree |= name == marker;
      names.emplace_back(name);
    }
    if (build_tree && !rel.empty()) {
      closedir(d);
      return;
    }
    for (const auto& name : names) visit(dirfd(d), abs, rel, name);
    closedir(d);
  }

  void visit(int dir_fd, const std::string& abs, const std::string& rel, const std::string& name) {
    struct stat st;
    if (fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
    std::string child_abs = abs + "/" + name;
    std::string child_rel = rel.empty() ? name : rel + "/" + name;
    if (S_ISDIR(st.st_mode)) {
      if (is_skipped_dir(name) || std::find(skip.begin(), skip.end(), child_abs) != skip.end()) return;
      walk(child_abs, child_rel);
    } else if ((S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) && !is_object_file(name)) {
      out.push_back({child_rel, mtime_ns(st), static_cast<int64_t>(st.st_size), S_ISLNK(st.st_mode)});
    }
  }
};

void add_list(std::string& out, const char* tag, const std::vector<std::string>& values) {
  for (const auto& v : values) out += std::string(tag) + " " + v + "\n";
}

// "<path> <mtime_ns> <size>" of what `path` resolves to, or "<path> missing".
std::string stat_line(const std::string& path) {
  struct stat st;
  if (path.empty() || stat(path.c_str(), &st) != 0) return path + " missing";
  return path + " " + std::to_string(mtime_ns(st)) + " " + std::to_string(st.st_size);
}

std::string env_or_empty(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

}  // namespace

std::vector<SourceEntry> walk_source(const fs::path& root, const std::vector<fs::path>& skip) {
  std::vector<std::string> skip_strings;
  for (const auto& s : skip) skip_strings.push_back(s.lexically_normal().string());
  std::vector<SourceEntry> out;
  Walker{skip_strings, out}.walk(root.lexically_normal().string(), "");
  std::sort(out.begin(), out.end(), [](const SourceEntry& a, const SourceEntry& b) { return a.rel < b.rel; });
  return out;
}

std::string fingerprint_input(const DepSpec& spec, const std::string& system, const DepContext& ctx,
                              const std::vector<SourceEntry>& entries) {
  namespace ins = cxxtest::instrument;
  const InstallPaths& paths = install_paths();
  std::string ignorelist = (paths.share_dir / "ignorelist.txt").string();
  std::string laf = ctx.variant.laf ? paths.laf_plugin.string() : "";
  std::string out = "format cxxtest-dep 1\n";
  out += "source " + spec.source.string() + "\nbuild " + system + "\n";
  add_list(out, "option", spec.options);
  add_list(out, "target", spec.targets);
  out += "command " + spec.command + "\n";
  add_list(out, "include_dir", spec.include_dirs);
  add_list(out, "lib", spec.libs);
  add_list(out, "link", spec.link);
  out += std::string("whole_archive ") + (spec.whole_archive ? "true" : "false") + "\n";
  out += "variant " + ctx.variant.name() + "\n";
  out += "flags " + shell_join(ins::instrumented_flags(ctx.variant, ignorelist, laf)) + "\n";
  out += "ignorelist " + stat_line(ignorelist) + "\n";
  if (!laf.empty()) out += "laf_plugin " + stat_line(laf) + "\n";
  out += "cc " + wrapper_cc(ctx) + "\ncxx " + wrapper_cxx(ctx) + "\n";
  // The compilers the wrappers run (CXXTEST_CC / CXXTEST_CXX, else clang).
  for (auto [var, fallback] : {std::pair{"CXXTEST_CC", "clang"}, std::pair{"CXXTEST_CXX", "clang++"}}) {
    std::string compiler = env_or_empty(var).empty() ? fallback : env_or_empty(var);
    out += std::string("compiler ") + var + " " + compiler + " " + stat_line(find_in_path(compiler)) + "\n";
  }
  for (const char* var : {"CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS"})
    out += std::string("env ") + var + "=" + env_or_empty(var) + "\n";
  for (const auto& e : entries)
    out += (e.symlink ? "link " : "file ") + e.rel + " " + std::to_string(e.mtime_ns) + " " +
           std::to_string(e.size) + "\n";
  return out;
}

namespace {

// Copies one entry unless dst already has its size and mtime.
Expected<bool> copy_entry(const fs::path& src, const fs::path& dst, const SourceEntry& e) {
  fs::path from = src / e.rel, to = dst / e.rel;
  struct stat st;
  if (lstat(to.c_str(), &st) == 0 && mtime_ns(st) == e.mtime_ns && st.st_size == e.size &&
      S_ISLNK(st.st_mode) == e.symlink)
    return true;
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  if (lstat(to.c_str(), &st) == 0) fs::remove(to, ec);
  if (e.symlink)
    fs::copy_symlink(from, to, ec);
  else
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) return Error{"copy " + from.string() + " to " + to.string() + ": " + ec.message()};
  struct timespec times[2];
  times[0].tv_nsec = UTIME_OMIT;
  times[1].tv_sec = e.mtime_ns / 1000000000;
  times[1].tv_nsec = e.mtime_ns % 1000000000;
  if (utimensat(AT_FDCWD, to.c_str(), times, AT_SYMLINK_NOFOLLOW) != 0)
    return Error{"set the mtime of " + to.string() + ": " + std::strerror(errno)};
  return true;
}

}  // namespace

Expected<bool> sync_copy(const fs::path& src, const fs::path& dst, const std::vector<SourceEntry>& entries) {
  for (const auto& e : entries) {
    auto copied = copy_entry(src, dst, e);
    if (!copied) return copied;
  }
  return true;
}

Expected<bool> copy_source_to_build(const DepDirs& dirs, const std::vector<SourceEntry>& entries) {
  auto copied = sync_copy(dirs.source, dirs.build, entries);
  if (!copied) return copied;
  std::string err;
  if (!cachedir::write_atomic(dirs.build / kCopyMarker, dirs.source.string() + "\n", &err)) return Error{err};
  return true;
}

bool build_is_copy(const DepDirs& dirs) {
  struct stat st;
  return lstat((dirs.build / kCopyMarker).c_str(), &st) == 0;
}

}  // namespace cxxtest::driver::deps
