// A dep's source tree as (path, mtime, size) entries, from readdir and lstat
// alone, the fingerprint built from them, and tree copies that touch only the
// files that changed.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <string_view>

#include "cachedir/atomic_file.h"
#include "cachedir/sha256.h"
#include "driver/compiler_wrapper.h"
#include "driver/deps_internal.h"
#include "driver/process.h"
#include "driver/shell.h"

namespace cxxtest::driver::deps {

namespace {

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

// Depth first, each directory's names sorted, so the order is fixed.
struct Walker {
  const std::vector<std::string>& skip;        // absolute files and dirs, as strings
  const std::vector<std::string>& skip_names;  // directory names
  std::vector<SourceEntry>& out;

  bool skipped(const std::string& abs) const {
    return std::find(skip.begin(), skip.end(), abs) != skip.end();
  }

  // Lists `dir` (absolute `abs`, relative `rel`, "" for the root).
  void walk(const std::string& abs, const std::string& rel) {
    DIR* d = opendir(abs.c_str());
    if (!d) return;
    std::vector<std::pair<std::string, unsigned char>> names;  // name, d_type
    bool build_tree = false;
    while (dirent* e = readdir(d)) {
      std::string_view name = e->d_name;
      if (name == "." || name == "..") continue;
      for (auto marker : kBuildTreeMarkers) build_tree |= name == marker;
      names.emplace_back(name, e->d_type);
    }
    if (!build_tree || rel.empty()) {
      std::sort(names.begin(), names.end());
      for (const auto& [name, type] : names) visit(dirfd(d), abs, rel, name, type);
    }
    closedir(d);
  }

  // One entry; d_type saves the stat of a directory.
  void visit(int dir_fd, const std::string& abs, const std::string& rel, const std::string& name,
             unsigned char type) {
    struct stat st;
    bool is_dir = type == DT_DIR;
    if (!is_dir) {
      if (type != DT_REG && type != DT_LNK && type != DT_UNKNOWN) return;
      if (is_object_file(name) || fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
      is_dir = S_ISDIR(st.st_mode);
      if (!is_dir && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) return;
    }
    std::string child_rel = rel.empty() ? name : rel + "/" + name;
    std::string child_abs = abs + "/" + name;
    if (skipped(child_abs)) return;
    if (!is_dir) {
      out.push_back(
          {std::move(child_rel), mtime_ns(st), static_cast<int64_t>(st.st_size), S_ISLNK(st.st_mode)});
      return;
    }
    if (is_skipped_dir(name) || std::find(skip_names.begin(), skip_names.end(), name) != skip_names.end())
      return;
    walk(child_abs, child_rel);
  }
};

// A fast 128-bit digest of the entries: not cryptographic (nobody chooses
// the mtimes to collide), only quick, as a no-op run hashes every entry.
class EntriesHash {
 public:
  void add(const SourceEntry& e) {
    bytes(e.rel);
    word(static_cast<uint64_t>(e.mtime_ns));
    word(static_cast<uint64_t>(e.size) << 1 | (e.symlink ? 1 : 0));
  }
  std::string hex() const {
    char buf[33];
    snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(finish(a_ ^ n_)),
             static_cast<unsigned long long>(finish(b_ + n_)));
    return buf;
  }

 private:
  static uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }
  static uint64_t finish(uint64_t x) {  // splitmix64's finalizer
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  }
  void word(uint64_t w) {
    a_ = rotl(a_ ^ w, 29) * 0x9E3779B97F4A7C15ULL;
    b_ = (rotl(b_ + w, 31) * 0xC2B2AE3D27D4EB4FULL) ^ a_;
    ++n_;
  }
  void bytes(std::string_view s) {
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      word(w);
    }
    uint64_t tail = 0;
    std::memcpy(&tail, s.data() + i, s.size() - i);
    word(tail ^ (static_cast<uint64_t>(s.size()) << 56));
  }

  uint64_t a_ = 0x243F6A8885A308D3ULL, b_ = 0x13198A2E03707344ULL, n_ = 0;
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

fs::path clean_dir(const fs::path& p) {
  fs::path n = p.lexically_normal();
  if (!n.has_filename() && n.has_relative_path()) n = n.parent_path();
  return n;
}

std::vector<SourceEntry> walk_source(const fs::path& root, const std::vector<fs::path>& skip,
                                     const std::vector<std::string>& skip_names) {
  std::vector<std::string> skip_strings;
  for (const auto& s : skip) skip_strings.push_back(clean_dir(s).string());
  std::vector<SourceEntry> out;
  Walker{skip_strings, skip_names, out}.walk(clean_dir(root).string(), "");
  return out;
}

Fingerprint fingerprint_of(const DepSpec& spec, const std::string& system, const DepContext& ctx,
                           const std::vector<SourceEntry>& entries) {
  const WrapperPaths paths = installed_wrapper_paths();
  std::string out = "format cxxtest-dep 1\n";
  out += "source " + spec.source.string() + "\nbuild " + system + "\n";
  if (system == "cmake") {
    add_list(out, "cmake_setting", cmake_fixed_settings());
    out += std::string("cmake_link_probe ") + kLinkProbeScript + "\n";
  }
  if (system == "meson") add_list(out, "meson_setting", meson_fixed_settings());
  add_list(out, "option", spec.options);
  add_list(out, "target", spec.targets);
  out += "command " + spec.command + "\n";
  add_list(out, "include_dir", spec.include_dirs);
  add_list(out, "lib", spec.libs);
  // link and whole_archive are left out: only the link reads them
  // (ensure_dep adds them to any result). "link_mode": link added to what
  // was found from 2026-11-29 on (it replaced it before), so builds cached
  // before then are redone; "link_applied at link" from 2026-12-03 on, so
  // results that hold an older `link` are too.
  out += std::string("link_mode ") + (spec.link_only ? "only" : "add") + "\nlink_applied at link\n";
  add_list(out, "noinstrument", noinstrument_globs(spec, ctx));
  out += "variant " + ctx.build_name() + "\n";
  // What the wrappers add (the cxxtest binary itself is left out: a rebuilt
  // cxxtest does not rebuild every dep).
  if (const auto& ext = ctx.external) {
    out += "cflags " + shell_join(ext->cflags) + "\ncxxflags " + shell_join(ext->cxxflags) + "\n";
  } else {
    out += "flags " + shell_join(wrapper_compile_flags(ctx.variant, paths)) + "\n";
    out += std::string("debug ") + kWrapperDebugFlag + " unless the build's own -g, after a last -g0\n";
    out += std::string("after ") + kWrapperNoWerror + "\n";
    out += "ignorelist " + stat_line(paths.ignorelist) + "\n";
    if (ctx.variant.laf) out += "laf_plugin " + stat_line(paths.laf_plugin) + "\n";
  }
  out += "cc " + wrapper_cc(ctx) + "\ncxx " + wrapper_cxx(ctx) + "\n";
  // The compilers the wrappers run.
  for (bool cxx : {false, true}) {
    std::string compiler = dep_compiler(ctx, cxx);
    out += std::string("compiler ") + (cxx ? "CXXTEST_CXX " : "CXXTEST_CC ") + compiler + " " +
           stat_line(find_in_path(compiler)) + "\n";
  }
  for (const char* var :
       {"CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS", "PKG_CONFIG_PATH", "CMAKE_PREFIX_PATH"})
    out += std::string("env ") + var + "=" + env_or_empty(var) + "\n";
  // What its build finds of the deps before it (rebuilt, they rebuild it).
  for (const EarlierDep& d : ctx.earlier) out += "earlier " + d.name + " " + d.build.fingerprint + "\n";
  EntriesHash files;
  for (const auto& e : entries) files.add(e);
  out += "files " + std::to_string(entries.size()) + " " + files.hex() + "\n";
  return {out, cachedir::sha256_hex(out)};
}

std::string fingerprint_dump(const Fingerprint& fp, const std::vector<SourceEntry>& entries) {
  std::string out = "# fingerprint " + fp.hash + "\n" + fp.input;
  for (const auto& e : entries)
    out += (e.symlink ? "link " : "file ") + e.rel + " " + std::to_string(e.mtime_ns) + " " +
           std::to_string(e.size) + "\n";
  return out;
}

// fingerprint_dump's entries read back: whether a source file changed to an mtime older than the last good
// build (the fingerprint file's): a git archive, a release tarball or cp -p gives old dates, and make and
// ninja, comparing them with objects built from the old file, would rebuild nothing and link stale code.
bool changed_into_the_past(const DepDirs& dirs, const std::vector<SourceEntry>& entries) {
  struct stat st;
  if (stat(dirs.fingerprint.c_str(), &st) != 0) return false;
  const int64_t built = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  std::ifstream in(dirs.fingerprint);
  std::map<std::string, std::pair<int64_t, int64_t>> before;  // rel -> (mtime, size)
  for (std::string kind, rel; in >> kind;) {
    int64_t mtime = 0, size = 0;
    if ((kind == "file" || kind == "link") && in >> rel >> mtime >> size) before[rel] = {mtime, size};
    else in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  for (const SourceEntry& e : entries) {
    auto it = before.find(e.rel);
    if (it != before.end() && it->second != std::pair{e.mtime_ns, e.size} && e.mtime_ns < built) return true;
  }
  return false;
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
  if (e.symlink) fs::copy_symlink(from, to, ec);
  else fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
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
  Status marked = cachedir::write_atomic(dirs.build / kDepCopyMarker, dirs.source.string() + "\n");
  if (!marked) return Error{marked.error()};
  return true;
}

bool build_is_copy(const DepDirs& dirs) {
  struct stat st;
  return lstat((dirs.build / kDepCopyMarker).c_str(), &st) == 0;
}

}  // namespace cxxtest::driver::deps

namespace cxxtest::driver {

std::string dep_compiler(const DepContext& ctx, bool c_plus_plus) {
  if (ctx.external) return c_plus_plus ? ctx.external->cxx : ctx.external->cc;
  if (std::string env = deps::env_or_empty(c_plus_plus ? "CXXTEST_CXX" : "CXXTEST_CC"); !env.empty())
    return env;
  const std::string& module = c_plus_plus ? ctx.module_cxx : ctx.module_cc;
  if (!module.empty()) return module;
  return c_plus_plus ? "clang++" : "clang";
}

}  // namespace cxxtest::driver
