// ensure_dep: fingerprint the dep's sources, and when the last good build
// was made from another fingerprint, build it again (under a lock) with its
// own build system and record what it produced.
#include "driver/deps.h"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "cachedir/atomic_file.h"
#include "cachedir/location.h"
#include "cachedir/lock.h"
#include "cachedir/sha256.h"
#include "driver/archive_symbols.h"
#include "driver/deps_internal.h"
#include "driver/deps_watch.h"

namespace cxxtest::driver {

namespace deps {

DepDirs dep_dirs(const DepSpec& spec, const DepContext& ctx) {
  DepDirs d;
  d.source = clean_dir(spec.source);
  d.root = ctx.deps_dir / spec.name;
  d.build = d.root / "build";
  d.prefix = d.root / "prefix";
  d.build_log = d.root / "build.log";
  d.compile_log = d.root / "compile.log";
  d.configured = d.root / "configured";
  d.fingerprint = d.root / "fingerprint";
  d.result = d.root / "result";
  d.lock = d.root / "lock";
  // deps_dir is <module key>/<variant>/deps (or export-<hash>/deps).
  fs::path learned = ctx.deps_dir.parent_path().parent_path() / "deps-learned";
  d.learned_switches = learned / (spec.name + ".cmake-static-switches");
  d.cmake_failed = learned / (spec.name + ".cmake-failed");
  return d;
}

namespace {

// "--enable-x", "--with-y=1", "--prefix=...", and "CFLAGS=-fcommon" (a
// variable configure sets): what configure takes, where CMake wants
// -DNAME=VALUE.
bool configure_style(const std::vector<std::string>& options) {
  auto variable = [](const std::string& o) {
    size_t eq = o.find('=');
    return eq != std::string::npos && eq > 0 && std::all_of(o.begin(), o.begin() + long(eq), [](char c) {
             return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
           });
  };
  return !options.empty() && std::all_of(options.begin(), options.end(), [&](const std::string& o) {
    return (o.starts_with("--") && o.size() > 2) || variable(o);
  });
}

}  // namespace

Expected<std::string> detect_build_system(const DepSpec& spec) {
  std::string in = spec.where + ": [deps." + spec.name + "] ";
  if (spec.build == "cmake" && configure_style(spec.options))
    return Error{in + "options " + spec.options.front() +
                 "...: configure arguments, but build = \"cmake\" (CMake takes -DNAME=VALUE; for the "
                 "configure script set build = \"autotools\")"};
  if (!spec.build.empty()) return spec.build;
  struct Marker {
    const char* file;
    const char* system;
  };
  static constexpr Marker kMarkers[] = {
      {"CMakeLists.txt", "cmake"},   {"configure", "autotools"}, {"configure.ac", "autotools"},
      {"configure.in", "autotools"}, {"meson.build", "meson"},   {"GNUmakefile", "make"},
      {"Makefile", "make"},          {"makefile", "make"},
  };
  std::error_code ec;
  std::string found;
  for (const auto& m : kMarkers) {
    if (!fs::is_regular_file(spec.source / m.file, ec)) continue;
    // Many libraries ship CMake and configure files both (PCRE2, libpng,
    // c-ares): options written for configure say which one the user means.
    if (found == "cmake" && std::string_view(m.system) == "autotools" && configure_style(spec.options))
      return std::string("autotools");
    if (found.empty()) found = m.system;
  }
  if (!found.empty()) return found;
  return Error{in + "source " + spec.source.string() +
               ": no build system found (looked for CMakeLists.txt, configure, configure.ac, configure.in, "
               "meson.build, Makefile, makefile, GNUmakefile; set build = \"command\" and command = \"...\" "
               "to build it another way)"};
}

fs::path expand_dep_path(const std::string& s, const DepDirs& dirs) {
  struct Var {
    std::string_view name;
    const fs::path& dir;
  };
  const Var vars[] = {{"$SOURCE", dirs.source}, {"$BUILD", dirs.build}, {"$PREFIX", dirs.prefix}};
  for (const auto& v : vars) {
    if (s == v.name) return v.dir;
    if (s.size() > v.name.size() && s.compare(0, v.name.size(), v.name) == 0 && s[v.name.size()] == '/')
      return (v.dir / s.substr(v.name.size() + 1)).lexically_normal();
  }
  fs::path p = s;
  return (p.is_absolute() ? p : dirs.source / p).lexically_normal();
}

std::vector<fs::path> read_compile_log(const fs::path& log, const fs::path& copy, const fs::path& copied_from,
                                       const fs::path& drop_under, const fs::path& drop_cwd_under) {
  std::ifstream in(log);
  std::vector<fs::path> out;
  for (std::string line; std::getline(in, line);) {
    size_t tab = line.find('\t');
    size_t tab2 = tab == std::string::npos ? tab : line.find('\t', tab + 1);
    fs::path src = line.substr(0, tab);
    fs::path cwd = tab == std::string::npos
                       ? ""
                       : line.substr(tab + 1, tab2 == std::string::npos ? tab2 : tab2 - tab - 1);
    if (src.empty() || is_under(cwd.lexically_normal(), drop_cwd_under)) continue;
    if (src.is_relative()) src = cwd / src;
    src = src.lexically_normal();
    if (!copy.empty() && is_under(src, copy))
      src = (copied_from / src.lexically_relative(copy)).lexically_normal();
    if (is_under(src, drop_under)) continue;
    out.push_back(src);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  std::error_code ec;
  std::erase_if(out, [&](const fs::path& p) { return !fs::exists(p, ec); });
  return out;
}

namespace {

using nlohmann::json;

std::vector<std::string> strings_of(const std::vector<fs::path>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) out.push_back(p.string());
  return out;
}

std::vector<fs::path> paths_of(const json& j) {
  std::vector<fs::path> out;
  for (const auto& s : j) out.emplace_back(s.get<std::string>());
  return out;
}

// What the fast path checks (deps_watch.h): the fingerprint's inputs but the
// files, and the watched paths with their digest as the build saw them.
struct FastCheck {
  std::string key;
  std::vector<WatchedPath> watched;
  std::string digest;
};

// The result file: {"fingerprint": hex, "include_dirs": [...], "defines":
// [...], "compile_flags": [...], "archives": [...], "link_args": [...], "whole_archive": bool,
// "link_group": bool, "compiled_sources": [...], "fast_key": hex,
// "watched": [[path, is_dir], ...], "watched_digest": hex}.
std::string result_json(const std::string& fingerprint, const DepBuild& b, const FastCheck& fast) {
  json watched = json::array();
  for (const auto& w : fast.watched) watched.push_back({w.path, w.dir});
  // Laid out by hand: two keys a line.
  // clang-format off
  json j = {
      {"fingerprint", fingerprint}, {"include_dirs", strings_of(b.include_dirs)},
      {"defines", b.defines},       {"compile_flags", b.compile_flags},
      {"archives", strings_of(b.archives)},
      {"link_args", b.link_args},   {"whole_archive", b.whole_archive},
      {"link_group", b.link_group}, {"compiled_sources", strings_of(b.compiled_sources)},
      {"program_archives", strings_of(b.program_archives)},
      {"fast_key", fast.key},       {"watched", watched},
      {"watched_digest", fast.digest},
  };
  // clang-format on
  return j.dump(1) + "\n";
}

// True when the result's watched paths are as the build saw them and the
// other inputs are unchanged (the no-op fast path).
bool fast_check_holds(const json& j, const std::string& fast_key) {
  if (j.value("fast_key", "") != fast_key || !j.contains("watched") || !j["watched"].is_array() ||
      j["watched"].empty())
    return false;
  std::vector<WatchedPath> watched;
  for (const auto& w : j["watched"]) {
    if (!w.is_array() || w.size() != 2 || !w[0].is_string() || !w[1].is_boolean()) return false;
    watched.push_back({w[0].get<std::string>(), w[1].get<bool>()});
  }
  return watched_digest(watched) == j.value("watched_digest", "");
}

// The recorded result when it was built from `fingerprint` (or, with an
// empty fingerprint, when the fast check with `fast_key` holds) and its
// archives are still there.
std::optional<DepBuild> read_result(const fs::path& file, const std::string& fingerprint,
                                    const std::string& fast_key = "") {
  auto text = cachedir::read_file(file);
  if (!text) return std::nullopt;
  json j = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  if (fingerprint.empty() ? !fast_check_holds(j, fast_key) : j.value("fingerprint", "") != fingerprint)
    return std::nullopt;
  DepBuild b;
  try {
    b.include_dirs = paths_of(j.at("include_dirs"));
    b.defines = j.at("defines").get<std::vector<std::string>>();
    b.compile_flags = j.at("compile_flags").get<std::vector<std::string>>();
    b.archives = paths_of(j.at("archives"));
    b.link_args = j.at("link_args").get<std::vector<std::string>>();
    b.whole_archive = j.at("whole_archive").get<bool>();
    b.link_group = j.at("link_group").get<bool>();
    b.compiled_sources = paths_of(j.at("compiled_sources"));
    b.program_archives = paths_of(j.at("program_archives"));
    b.fingerprint = j.at("fingerprint").get<std::string>();
  } catch (const json::exception&) {
    return std::nullopt;
  }
  struct stat st;
  for (const auto& a : b.archives)
    if (stat(a.c_str(), &st) != 0) return std::nullopt;
  return b;
}

Expected<DepBuild> run_builder(const std::string& system, const DepSpec& spec, const DepDirs& dirs,
                               DepRunner& run, const std::vector<SourceEntry>& entries) {
  if (system == "cmake") return build_cmake(spec, dirs, run);
  if (system == "autotools") return build_autotools(spec, dirs, run, entries);
  if (system == "make") return build_make(spec, dirs, run, entries);
  if (system == "meson") return build_meson(spec, dirs, run);
  return build_command(spec, dirs, run);
}

// A relative libs entry names what the build wrote: when the build ran in
// a copy of the source (make, autotools without configure), the copy's
// file; the source holds none, or one of the user's own uninstrumented builds.
fs::path expand_lib_path(const std::string& entry, const DepDirs& dirs) {
  if (entry.empty() || entry[0] == '$' || fs::path(entry).is_absolute() || !build_is_copy(dirs))
    return expand_dep_path(entry, dirs);
  return (dirs.build / entry).lexically_normal();
}

// The spec's include_dirs and libs: for autotools/make/command in place of
// the defaults (cmake: in addition). Its link and whole_archive are the
// link's only, added to a build or a recorded result (with_link_settings).
Expected<bool> apply_spec(const DepSpec& spec, const std::string& system, const DepDirs& dirs, DepRunner& run,
                          DepBuild& b) {
  if (system != "cmake" && !spec.include_dirs.empty()) b.include_dirs.clear();
  if (system != "cmake" && !spec.libs.empty()) b.archives.clear(), b.link_group = false;
  for (const auto& d : spec.include_dirs) b.include_dirs.push_back(expand_dep_path(d, dirs));
  for (const auto& l : spec.libs) {
    fs::path p = expand_lib_path(l, dirs);
    std::error_code ec;
    if (!fs::is_regular_file(p, ec))
      return run.error("libs entry \"" + l + "\" (" + p.string() + "): no such file after the build");
    b.archives.push_back(p);
  }
  return true;
}

// Up to three shared libraries (*.so, *.so.N) under `dir`, relative to it,
// comma-separated.
std::string shared_libraries_under(const fs::path& dir) {
  std::string out;
  int n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator() && n < 3; it.increment(ec)) {
    std::string name = it->path().filename().string();
    size_t version = name.find(".so.");  // libz.so.1, not Meson's libz.so.p/libz.so.symbols
    bool versioned = version != std::string::npos && version + 4 < name.size() &&
                     std::isdigit(static_cast<unsigned char>(name[version + 4]));
    if (!it->is_regular_file(ec) || (it->path().extension() != ".so" && !versioned)) continue;
    out += (n++ ? ", " : "") + it->path().lexically_relative(dir).string();
  }
  return out;
}

// make, autotools and Meson find a dep's archives by looking: when there are none
// (a Makefile whose goals build only objects or programs), every test link
// would fail with undefined references, so the build fails here instead,
// saying what to set.
Expected<bool> check_found_library(const std::string& system, const DepDirs& dirs, DepRunner& run,
                                   const DepBuild& b) {
  if ((system != "make" && system != "autotools" && system != "meson") || !b.archives.empty()) return true;
  std::string looked =
      system == "make" ? dirs.build.string() : (dirs.prefix / "lib").string() + " or " + dirs.build.string();
  std::string shared = shared_libraries_under(dirs.build);
  if (!shared.empty()) shared = " (only shared ones: " + shared + "; cxxtest links deps statically)";
  std::string goals = system == "meson" ? "Meson targets that build a static library (a shared_library() is "
                                          "shared whatever --default-library says)"
                                        : "make goals that build a static library (targets = [\"libfoo.a\"])";
  return run.error("the build produced no library (.a) under " + looked + shared + "; set targets to " +
                   goals +
                   ", libs "
                   "to the static libraries it builds (libs = [\"$BUILD/libfoo.a\"]), or build = \"command\" "
                   "with a command that builds one (run in the build dir; the source is $CXXTEST_DEP_SOURCE) "
                   "and its libs");
}

// Leaves out of the found archives (no `libs` in the spec) each one whose
// every symbol another of them defines too: libjpeg-turbo installs
// libjpeg.a and libturbojpeg.a, which holds libjpeg's objects again, and
// both linked whole define every jpeg_ function twice. Of two archives with
// the same symbols the first is kept. Says what it left out.
void drop_contained_archives(const DepSpec& spec, std::vector<fs::path>& archives) {
  if (!spec.libs.empty() || archives.size() < 2) return;
  std::vector<std::set<std::string>> symbols;
  for (const auto& a : archives) {
    auto names = archive_symbols(a);
    symbols.emplace_back(names ? std::set<std::string>(names->begin(), names->end())
                               : std::set<std::string>());
  }
  std::vector<fs::path> kept;
  for (size_t i = 0; i < archives.size(); ++i) {
    std::optional<size_t> within;
    for (size_t j = 0; j < archives.size() && !within && !symbols[i].empty(); ++j) {
      bool same = symbols[i] == symbols[j];
      if (j != i && (!same || j < i) &&
          std::includes(symbols[j].begin(), symbols[j].end(), symbols[i].begin(), symbols[i].end()))
        within = j;
    }
    if (!within) {
      kept.push_back(archives[i]);
      continue;
    }
    std::cerr << "cxxtest: [deps." << spec.name << "]: every symbol of " << archives[i].filename().string()
              << " is in " << archives[*within].filename().string() << " too: linking that one only\n";
  }
  archives = std::move(kept);
}

// The sources the build compiled, from compile.log (a copy's paths mapped
// back to the source dir).
std::vector<fs::path> compiled_sources(const DepDirs& dirs) {
  return read_compile_log(dirs.compile_log, build_is_copy(dirs) ? dirs.build : fs::path(), dirs.source,
                          dirs.root, dirs.build / "CMakeFiles");
}

// Builds the dep (the lock held): result removed first, so a build killed
// half way leaves no result behind; written only when everything worked.
Expected<DepBuild> build_dep(const DepSpec& spec, const std::string& system, const DepContext& ctx,
                             const DepDirs& dirs, const std::vector<SourceEntry>& entries,
                             const Fingerprint& fingerprint) {
  std::error_code ec;
  if (changed_into_the_past(dirs, entries)) {
    std::cerr << "cxxtest: dep " << spec.name
              << ": a source file changed to an older date than the last build: building it afresh\n";
    fs::remove_all(dirs.build, ec);
    fs::remove(dirs.configured, ec);
  }
  fs::remove(dirs.result, ec);
  fs::create_directories(dirs.build, ec);
  std::ofstream(dirs.build_log, std::ios::trunc)
      << "# [deps." << spec.name << "] " << system << ", " << ctx.build_name() << "\n";
  // Always said, terminal or CI log: a library's build can take minutes,
  // once for each sanitizer set (plain, -asan...), and is silent.
  std::cerr << "cxxtest: building dep " << spec.name << " (" << system << ", " << ctx.build_name()
            << ")...\n";
  DepRunner run(spec, ctx, dirs, system);
  auto built = run_builder(system, spec, dirs, run, entries);
  if (!built) return built;
  auto applied = apply_spec(spec, system, dirs, run, *built);
  if (!applied) return Error{applied.error()};
  auto found = check_found_library(system, dirs, run, *built);
  if (!found) return Error{found.error()};
  drop_contained_archives(spec, built->archives);
  add_pkg_config(spec, dirs, run, *built);
  built->compiled_sources = compiled_sources(dirs);
  built->fingerprint = fingerprint.hash;
  for (const auto& a : built->archives)
    if (archive_defines(a, "main")) built->program_archives.push_back(a);
  FastCheck fast;
  fast.key = fingerprint_of(spec, system, ctx, {}).hash;
  fast.watched = watched_paths(dirs, build_is_copy(dirs), entries);
  fast.digest = watched_digest_at_walk(fast.watched, dirs.source, entries);
  Status written = cachedir::write_atomic(dirs.fingerprint, fingerprint_dump(fingerprint, entries));
  if (written) written = cachedir::write_atomic(dirs.result, result_json(fingerprint.hash, *built, fast));
  if (!written) return run.error(written.error());
  return built;
}

// `dir` relative to `source` when it lies inside it or is it ("."), compared
// lexically, then with symlinks resolved (the module root is a real path,
// the source may be written through a link); nullopt when outside.
std::optional<fs::path> relative_inside(const fs::path& dir, const fs::path& source) {
  auto inside = [](const fs::path& d, const fs::path& s) -> std::optional<fs::path> {
    fs::path rel = clean_dir(d).lexically_relative(clean_dir(s));
    if (rel.empty() || *rel.begin() == "..") return std::nullopt;
    return rel;
  };
  if (auto rel = inside(dir, source)) return rel;
  std::error_code ec1, ec2;
  fs::path real_dir = fs::weakly_canonical(dir, ec1), real_source = fs::weakly_canonical(source, ec2);
  if (ec1 || ec2) return std::nullopt;
  return inside(real_dir, real_source);
}

}  // namespace

WalkSkip skipped_by_walk(const DepDirs& dirs, const DepContext& ctx) {
  WalkSkip skip;
  std::vector<fs::path> dirs_to_skip = {ctx.deps_dir};
  if (auto root = cachedir::cache_root()) dirs_to_skip.push_back(*root);
  if (!ctx.module_root.empty()) dirs_to_skip.push_back(ctx.module_root);
  for (const auto& d : dirs_to_skip) {
    auto rel = relative_inside(d, dirs.source);
    if (!rel) continue;
    if (*rel != ".") {
      skip.paths.push_back(dirs.source / *rel);
    } else if (d == ctx.module_root) {  // the module is the source's root
      skip.paths.push_back(dirs.source / "cxxtest.toml");
      skip.names.push_back("testdata");
    }
  }
  return skip;
}

namespace {

bool ships_configure(const fs::path& source) {
  std::error_code ec;
  for (const char* f : {"configure", "configure.ac", "configure.in"})
    if (fs::is_regular_file(source / f, ec)) return true;
  return false;
}

// The top CMakeLists.txt's mtime and size: the marker is kept only while it
// is unchanged, so a project that mends its CMake build gets CMake again.
std::string top_cmake_lists_stamp(const fs::path& source) {
  std::error_code ec;
  fs::path lists = source / "CMakeLists.txt";
  auto mtime = fs::last_write_time(lists, ec).time_since_epoch().count();
  auto size = fs::file_size(lists, ec);
  return ec ? "CMakeLists.txt missing"
            : "CMakeLists.txt " + std::to_string(mtime) + " " + std::to_string(size);
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The key DepDirs::cmake_failed holds: what of the spec and the machine the
// CMake build saw (its fingerprint's fast key as the plain build has it),
// and the top CMakeLists.txt's stamp; the same for every variant, so a
// project whose CMake build does not work here (libjpeg-turbo 1.5's) is
// built with configure in all of them, and said once.
std::string cmake_failed_key(const DepSpec& spec, const DepContext& ctx) {
  DepContext plain = ctx;
  plain.variant = {};
  plain.external.reset();
  return fingerprint_of(spec, "cmake", plain, {}).hash + "\n" + top_cmake_lists_stamp(spec.source);
}

// The message when the CMake build failed and configure, tried next, failed
// too: configure's (the build cxxtest went on with), then CMake's first
// lines and its errors, whose log is kept as build-cmake.log (build.log
// is configure's now).
std::string both_failed(const std::string& configure_error, const std::string& cmake_error,
                        const fs::path& cmake_log) {
  auto log = cachedir::read_file(cmake_log);
  std::vector<std::string_view> lines;
  for (std::string_view rest = log ? std::string_view(*log) : std::string_view(); !rest.empty();) {
    size_t end = std::min(rest.find('\n'), rest.size());
    lines.push_back(rest.substr(0, end));
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  std::string errors;
  for (size_t i = 0, shown = 0; i < lines.size() && shown < 4; ++i) {
    if (!lines[i].starts_with("CMake Error")) continue;
    errors.append(lines[i]).push_back('\n');
    // The error's own text is on the line after its location.
    if (i + 1 < lines.size()) errors.append(lines[i + 1]).push_back('\n');
    ++shown;
  }
  if (errors.empty()) errors = first_line(cmake_error) + "\n";
  return configure_error + "\n(the CMake build, tried first, failed too; its log is " + cmake_log.string() +
         ":\n" + errors + ")";
}

}  // namespace

}  // namespace deps

bool is_under(const std::filesystem::path& p, const std::filesystem::path& dir) {
  auto rel = p.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

Expected<DepBuild> ensure_dep(const DepSpec& spec, const DepContext& ctx) {
  using namespace deps;
  std::error_code ec;
  if (!fs::is_directory(spec.source, ec))
    return Error{spec.where + ": [deps." + spec.name + "] source " + spec.source.string() +
                 ": no such directory"};
  auto system = detect_build_system(spec);
  if (!system) return Error{system.error()};
  DepDirs dirs = dep_dirs(spec, ctx);
  // A project that ships configure files beside a CMake build that does not
  // work here (libjpeg-turbo 1.5's CMakeLists.txt: "Platform not supported")
  // is built with configure once CMake has failed, when nothing in the spec
  // chose CMake; remembered per CMake fingerprint, so later runs go there.
  bool may_fall_back =
      spec.build.empty() && spec.options.empty() && *system == "cmake" && ships_configure(spec.source);
  std::string cmake_key = may_fall_back ? cmake_failed_key(spec, ctx) : "";
  if (may_fall_back) {
    auto marker = cachedir::read_file(dirs.cmake_failed);
    if (marker && *marker == cmake_key) system = std::string("autotools");
  }
  if (*system == "command" && spec.libs.empty())
    return Error{spec.where + ": [deps." + spec.name +
                 "] has build = \"command\" but no libs: name the "
                 "static libraries the command produces (and include_dirs for its headers)"};
  // What only the link reads is not in the fingerprint (a user fixing a
  // link by editing `link` waited for the whole library to build again):
  // applied to the build or the recorded result alike. The spec's link
  // comes after what the build named (pkg-config, the CMake probe): what
  // those libraries miss comes after them on the link line.
  auto with_link_settings = [&](DepBuild b) {
    b.prefix = dirs.prefix;
    b.link_args.insert(b.link_args.end(), spec.link.begin(), spec.link.end());
    b.whole_archive = spec.whole_archive;
    return b;
  };
  // The fast path: only the files the last build depended on (deps_watch.h).
  if (auto done = read_result(dirs.result, "", fingerprint_of(spec, *system, ctx, {}).hash))
    return with_link_settings(*done);
  WalkSkip skip = skipped_by_walk(dirs, ctx);
  auto entries = walk_source(dirs.source, skip.paths, skip.names);
  Fingerprint fingerprint = fingerprint_of(spec, *system, ctx, entries);
  if (auto done = read_result(dirs.result, fingerprint.hash)) return with_link_settings(*done);

  cachedir::FileLock lock;
  if (Status locked = lock.acquire(dirs.lock, cachedir::LockMode::Exclusive); !locked)
    return Error{spec.where + ": [deps." + spec.name + "]: " + locked.error()};
  // Another run may have built it meanwhile.
  if (auto done = read_result(dirs.result, fingerprint.hash)) return with_link_settings(*done);
  auto built = build_dep(spec, *system, ctx, dirs, entries, fingerprint);
  if (!built && may_fall_back && *system == "cmake") {
    std::cerr << "cxxtest: " << spec.where << ": [deps." << spec.name
              << "]: the CMake build failed; the project ships a configure script too, building with it "
                 "(build = \"autotools\" goes there at once)\n";
    fs::path cmake_log = dirs.root / "build-cmake.log";
    fs::rename(dirs.build_log, cmake_log, ec);
    auto second =
        build_dep(spec, "autotools", ctx, dirs, entries, fingerprint_of(spec, "autotools", ctx, entries));
    if (!second) return Error{both_failed(second.error(), built.error(), cmake_log)};
    fs::create_directories(dirs.cmake_failed.parent_path(), ec);
    if (Status marked = cachedir::write_atomic(dirs.cmake_failed, cmake_key); !marked)
      return Error{spec.where + ": [deps." + spec.name + "]: " + marked.error()};
    return with_link_settings(*second);
  }
  if (!built) return built;
  return with_link_settings(*built);
}

}  // namespace cxxtest::driver
