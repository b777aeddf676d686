// The make-driven deps: autotools (configure; make; make install), plain
// Makefiles (built in a copy of the source) and a user's command; and the
// install-prefix results Meson's builds share.
#include <sys/stat.h>

#include <algorithm>
#include <map>

#include "driver/deps_internal.h"
#include "driver/shell.h"

namespace cxxtest::driver::deps {

namespace {

int64_t mtime_ns(const fs::path& p) {
  struct stat st;
  if (stat(p.c_str(), &st) != 0) return -1;
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// Every *.a under `dir`, sorted.
std::vector<fs::path> archives_under(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".a") out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// <source>/include when it exists, else <source>.
fs::path default_include_dir(const DepDirs& dirs) {
  std::error_code ec;
  return fs::is_directory(dirs.source / "include", ec) ? dirs.source / "include" : dirs.source;
}

// make -j N [variables...] targets...
std::vector<std::string> make_command(const DepSpec& spec, const DepRunner& run,
                                      const std::vector<std::string>& variables) {
  std::vector<std::string> argv = {"make", "-j", std::to_string(run.jobs())};
  argv.insert(argv.end(), variables.begin(), variables.end());
  argv.insert(argv.end(), spec.targets.begin(), spec.targets.end());
  return argv;
}

// A configure script must run from the source it belongs to: the user's
// tree when it has one and was not configured in place (a VPATH build
// would fail), else a copy in the build dir.
bool autotools_needs_copy(const DepDirs& dirs) {
  std::error_code ec;
  return !fs::exists(dirs.source / "configure", ec) || fs::exists(dirs.source / "config.status", ec);
}

// Writes `configure` in the build dir's copy of a source that ships only
// configure.ac: with the project's own script when it has one (autogen.sh
// and the like also fetch m4 files, run gtkdocize or write headers, as its
// README tells users to), NOCONFIGURE=1 so it stops before configure, else
// or when that fails, autoreconf -fi.
Expected<bool> generate_configure(const DepDirs& dirs, DepRunner& run) {
  std::error_code ec;
  for (const char* script : {"autogen.sh", "bootstrap.sh", "buildconf", "bootstrap"}) {
    if (!fs::is_regular_file(dirs.build / script, ec)) continue;
    // Run by its #! line when executable (many want bash), else by sh.
    bool executable =
        (fs::status(dirs.build / script, ec).permissions() & fs::perms::owner_exec) != fs::perms::none;
    std::vector<std::string> argv = {"env", "NOCONFIGURE=1"};
    if (!executable) argv.push_back("sh");
    argv.push_back(std::string("./") + script);
    if (run.try_run(argv, dirs.build) && fs::exists(dirs.build / "configure", ec)) return true;
    run.warn(std::string(script) + " did not write configure: running autoreconf -fi instead (see " +
             dirs.build_log.string() + ")");
    break;
  }
  return run.run("autoreconf", {"autoreconf", "-fi"}, dirs.build);
}

}  // namespace

void clear_prefix(const DepDirs& dirs) {
  std::error_code ec;
  fs::remove_all(dirs.prefix, ec);
}

DepBuild installed_tree(const DepDirs& dirs) {
  DepBuild b;
  b.include_dirs.push_back(dirs.prefix / "include");
  for (const char* lib : {"lib", "lib64"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dirs.prefix / lib, ec))
      if (e.path().extension() == ".a") b.archives.push_back(e.path());
  }
  std::sort(b.archives.begin(), b.archives.end());
  b.link_group = b.archives.size() > 1;
  return b;
}

DepBuild build_tree(const DepDirs& dirs) {
  DepBuild b;
  b.include_dirs = {default_include_dir(dirs), dirs.build};
  b.archives = archives_under(dirs.build);
  b.link_group = b.archives.size() > 1;
  return b;
}

Expected<DepBuild> build_autotools(const DepSpec& spec, const DepDirs& dirs, DepRunner& run,
                                   const std::vector<SourceEntry>& entries) {
  bool copy = autotools_needs_copy(dirs);
  fs::path configure_script = (copy ? dirs.build : dirs.source) / "configure";
  std::vector<std::string> configure = {configure_script.string(), "--prefix=" + dirs.prefix.string(),
                                        "--disable-shared", "--enable-static"};
  configure.insert(configure.end(), spec.options.begin(), spec.options.end());
  std::string setup = run.setup(configure);
  bool fresh = reset_unless_configured(dirs, setup);
  std::error_code ec;
  if (copy) {
    auto copied = copy_source_to_build(dirs, entries);
    if (!copied) return run.error(copied.error());
    run.map_build_to_source();
    if (!fs::exists(configure_script, ec)) {
      auto gen = generate_configure(dirs, run);
      if (!gen) return Error{gen.error()};
    }
  }
  if (fresh || !fs::exists(dirs.build / "config.status", ec)) {
    auto ok = run.run("configure", configure, dirs.build);
    if (!ok) return Error{ok.error()};
    auto marked = mark_configured(dirs, setup);
    if (!marked) return run.error(marked.error());
  }
  auto made = run.run("make", make_command(spec, run, {}), dirs.build);
  if (!made) return Error{made.error()};
  clear_prefix(dirs);
  if (run.try_run({"make", "install"}, dirs.build)) return installed_tree(dirs);
  run.warn("make install failed: linking the archives of the build tree " + dirs.build.string() +
           " instead (see " + dirs.build_log.string() + ")");
  return build_tree(dirs);
}

Expected<DepBuild> build_make(const DepSpec& spec, const DepDirs& dirs, DepRunner& run,
                              const std::vector<SourceEntry>& entries) {
  std::vector<std::string> variables = {"CC=" + run.cc(), "CXX=" + run.cxx()};
  variables.insert(variables.end(), spec.options.begin(), spec.options.end());
  std::vector<std::string> make = make_command(spec, run, variables);
  reset_unless_configured(dirs, run.setup(make));
  auto copied = copy_source_to_build(dirs, entries);
  if (!copied) return run.error(copied.error());
  run.map_build_to_source();
  auto marked = mark_configured(dirs, run.setup(make));
  if (!marked) return run.error(marked.error());
  auto made = run.run("make", make, dirs.build);
  if (!made) return Error{made.error()};
  // The archives the build wrote: not copied from the source, or rewritten.
  std::map<std::string, int64_t> copied_mtime;
  for (const auto& e : entries) copied_mtime[e.rel] = e.mtime_ns;
  DepBuild b;
  b.include_dirs.push_back(default_include_dir(dirs));
  for (const auto& a : archives_under(dirs.build)) {
    auto it = copied_mtime.find(a.lexically_relative(dirs.build).string());
    if (it == copied_mtime.end() || mtime_ns(a) != it->second) b.archives.push_back(a);
  }
  b.link_group = b.archives.size() > 1;
  return b;
}

Expected<DepBuild> build_command(const DepSpec& spec, const DepDirs& dirs, DepRunner& run) {
  // A command that builds in a copy of the source (cp -r
  // "$CXXTEST_DEP_SOURCE"/. ., as OpenSSL's ./config && make needs) gets
  // reports that name the user's files, not the cache's copy.
  run.map_build_to_source();
  auto ran = run.run("command", {"sh", "-c", spec.command}, dirs.build);
  if (!ran) return Error{ran.error()};
  return DepBuild{};
}

}  // namespace cxxtest::driver::deps
