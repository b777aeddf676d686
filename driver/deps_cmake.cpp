// CMake deps: configure (once per set of options) with the File API's
// codemodel query, build, then read the reply for the static libraries, their
// order, include dirs and defines.
//
// The reply (cmake-file-api(7)): <build>/.cmake/api/v1/reply/index-*.json
// names the codemodel file under reply.codemodel-v2.jsonFile; the codemodel
// lists configurations[].targets[] {name, id, jsonFile}; a target file has
// type ("STATIC_LIBRARY", "EXECUTABLE", ...), artifacts[].path (relative to
// the top build dir unless absolute), compileGroups[] {includes[].path,
// defines[].define} and dependencies[].id (every target it depends on).
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "cachedir/atomic_file.h"
#include "driver/deps_ignored.h"
#include "driver/deps_internal.h"
#include "driver/process.h"
#include "driver/shell.h"

namespace cxxtest::driver::deps {

namespace {

using nlohmann::json;

struct CMakeTarget {
  std::string name, type;
  std::vector<fs::path> artifacts;
  std::vector<std::string> includes, defines;
  std::vector<std::string> dependencies;  // target ids
  std::vector<LinkFragment> link;         // a linking target's command fragments
};

Expected<json> read_json(const fs::path& file) {
  auto text = cachedir::read_file(file);
  if (!text) return Error{text.error()};
  json j = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Error{file.string() + ": not valid JSON"};
  return j;
}

// The newest index file of the reply dir ("index-<time>.json" sorts by time).
Expected<fs::path> reply_index(const fs::path& reply_dir) {
  std::error_code ec;
  fs::path newest;
  for (const auto& e : fs::directory_iterator(reply_dir, ec)) {
    std::string name = e.path().filename().string();
    if (name.starts_with("index-") && name.ends_with(".json") && (newest.empty() || e.path() > newest))
      newest = e.path();
  }
  if (newest.empty())
    return Error{"no CMake File API reply in " + reply_dir.string() + " (CMake older than 3.14?)"};
  return newest;
}

CMakeTarget read_target(const json& t, const fs::path& build_dir) {
  CMakeTarget out;
  out.name = t.value("name", "");
  out.type = t.value("type", "");
  for (const auto& a : t.value("artifacts", json::array())) {
    fs::path p = a.value("path", "");
    out.artifacts.push_back((p.is_absolute() ? p : build_dir / p).lexically_normal());
  }
  for (const auto& g : t.value("compileGroups", json::array())) {
    for (const auto& inc : g.value("includes", json::array())) out.includes.push_back(inc.value("path", ""));
    for (const auto& def : g.value("defines", json::array())) out.defines.push_back(def.value("define", ""));
  }
  for (const auto& d : t.value("dependencies", json::array())) out.dependencies.push_back(d.value("id", ""));
  if (t.contains("link") && t["link"].is_object()) {
    for (const auto& f : t["link"].value("commandFragments", json::array())) {
      LinkFragment lf{f.value("fragment", ""), f.value("role", ""), {}};
      if (!lf.fragment.empty() && lf.fragment[0] != '-') {
        fs::path p = lf.fragment;
        lf.path = (p.is_absolute() ? p : build_dir / p).lexically_normal();
      }
      out.link.push_back(std::move(lf));
    }
  }
  return out;
}

// Every target of the reply's first configuration, by id, and the ids in
// the codemodel's order.
Expected<bool> read_targets(const fs::path& build_dir, std::map<std::string, CMakeTarget>& by_id,
                            std::vector<std::string>& order) {
  fs::path reply = build_dir / ".cmake" / "api" / "v1" / "reply";
  auto index_file = reply_index(reply);
  if (!index_file) return Error{index_file.error()};
  auto index = read_json(*index_file);
  if (!index) return Error{index.error()};
  std::string codemodel_file = (*index)["reply"]["codemodel-v2"].value("jsonFile", "");
  if (codemodel_file.empty()) return Error{index_file->string() + ": no codemodel-v2 reply"};
  auto codemodel = read_json(reply / codemodel_file);
  if (!codemodel) return Error{codemodel.error()};
  const json& configs = (*codemodel)["configurations"];
  if (!configs.is_array() || configs.empty()) return Error{codemodel_file + ": no configurations"};
  for (const auto& t : configs[0].value("targets", json::array())) {
    auto target = read_json(reply / t.value("jsonFile", ""));
    if (!target) return Error{target.error()};
    std::string id = t.value("id", "");
    by_id[id] = read_target(*target, build_dir);
    order.push_back(id);
  }
  return true;
}

// Depth-first over static library dependencies; appends in post-order.
void visit(const std::string& id, const std::map<std::string, CMakeTarget>& by_id,
           std::set<std::string>& seen, std::vector<std::string>& post) {
  if (!seen.insert(id).second) return;
  for (const auto& dep : by_id.at(id).dependencies) {
    auto it = by_id.find(dep);
    if (it != by_id.end() && it->second.type == "STATIC_LIBRARY") visit(dep, by_id, seen, post);
  }
  post.push_back(id);
}

// The names of the targets of one type ("STATIC_LIBRARY"), sorted, or "none".
std::string target_names(const std::map<std::string, CMakeTarget>& by_id, std::string_view type) {
  std::vector<std::string> names;
  for (const auto& [id, t] : by_id)
    if (t.type == type) names.push_back(t.name);
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

// The ids of the static library targets, in the codemodel's order.
std::vector<std::string> static_library_ids(const std::map<std::string, CMakeTarget>& by_id,
                                            const std::vector<std::string>& order) {
  std::vector<std::string> ids;
  for (const auto& id : order)
    if (by_id.at(id).type == "STATIC_LIBRARY") ids.push_back(id);
  return ids;
}

// The ids `targets` names (every static library when empty). An error
// about shared libraries (a build that made only those, a named target
// that is one) sets shared_only.
Expected<std::vector<std::string>> chosen_targets(const std::vector<std::string>& targets,
                                                  const std::map<std::string, CMakeTarget>& by_id,
                                                  const std::vector<std::string>& order, bool& shared_only) {
  std::vector<std::string> ids;
  if (targets.empty()) {
    ids = static_library_ids(by_id, order);
    // Linking nothing would leave every test link with undefined references.
    shared_only = ids.empty();
    if (ids.empty())
      return Error{"the CMake build made no static library (shared libraries: " +
                   target_names(by_id, "SHARED_LIBRARY") + "; cxxtest links deps statically)"};
    return ids;
  }
  for (const auto& name : targets) {
    auto it = std::find_if(order.begin(), order.end(),
                           [&](const std::string& id) { return by_id.at(id).name == name; });
    if (it == order.end())
      return Error{"target \"" + name + "\" is not a CMake target of this project (static libraries: " +
                   target_names(by_id, "STATIC_LIBRARY") + ")"};
    const CMakeTarget& t = by_id.at(*it);
    shared_only = t.type == "SHARED_LIBRARY";
    if (t.type != "STATIC_LIBRARY")
      return Error{"target \"" + name + "\" is a " + t.type +
                   ", not a static library (cxxtest links deps "
                   "statically; static libraries: " +
                   target_names(by_id, "STATIC_LIBRARY") + ")"};
    ids.push_back(*it);
  }
  return ids;
}

void append_unique(std::vector<std::string>& to, const std::vector<std::string>& from) {
  for (const auto& s : from)
    if (!s.empty() && std::find(to.begin(), to.end(), s) == to.end()) to.push_back(s);
}

}  // namespace

Expected<DepBuild> read_cmake_reply(const fs::path& build_dir, const std::vector<std::string>& targets,
                                    bool* shared_only) {
  std::map<std::string, CMakeTarget> by_id;
  std::vector<std::string> order;
  auto read = read_targets(build_dir, by_id, order);
  if (!read) return Error{read.error()};
  bool shared = false;
  auto chosen = chosen_targets(targets, by_id, order, shared);
  if (shared_only) *shared_only = shared;
  if (!chosen) return Error{chosen.error()};
  std::set<std::string> seen;
  std::vector<std::string> post;
  for (const auto& id : *chosen) visit(id, by_id, seen, post);
  std::reverse(post.begin(), post.end());  // each target before the ones it depends on
  DepBuild out;
  std::vector<std::string> includes;
  for (const auto& id : post) {
    const CMakeTarget& t = by_id.at(id);
    for (const auto& a : t.artifacts)
      if (a.extension() == ".a" || a.extension() == ".lib") out.archives.push_back(a);
    append_unique(includes, t.includes);
    append_unique(out.defines, t.defines);
  }
  for (const auto& inc : includes) out.include_dirs.emplace_back(inc);
  // The probe links every static library of the project; those `targets`
  // left out are neither built nor needed by the chosen ones (BoringSSL's
  // decrepit, which needs crypto, for targets = ["ssl", "crypto"]).
  std::vector<fs::path> project_archives;
  for (const auto& [id, t] : by_id)
    if (t.type == "STATIC_LIBRARY")
      project_archives.insert(project_archives.end(), t.artifacts.begin(), t.artifacts.end());
  for (const auto& [id, t] : by_id)
    if (t.name == kLinkProbeTarget) out.link_args = probe_link_libraries(t.link, project_archives);
  return out;
}

namespace {

// The switches learned for a project whose own options make it shared
// (static_switches below), one per line, kept for the module's other build
// variants and later fresh configures (DepDirs::learned_switches).
std::vector<std::string> learned_switches(const DepDirs& dirs) {
  std::vector<std::string> out;
  if (auto text = cachedir::read_file(dirs.learned_switches)) {
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) out.push_back(line);
  }
  return out;
}

// Lines as learned_switches reads them back.
std::string lines_text(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  return text;
}

// The first line of `text` holding `what`, trimmed ("" if none).
std::string first_line_with(const std::string& text, const std::string& what) {
  size_t at = text.find(what);
  if (at == std::string::npos) return "";
  size_t begin = text.rfind('\n', at);
  begin = begin == std::string::npos ? 0 : begin + 1;
  size_t end = text.find('\n', at);
  std::string line = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.erase(0, 1);
  return line;
}

// The learned switches come before the user's options, which win.
std::vector<std::string> configure_command(const DepSpec& spec, const DepDirs& dirs, const DepRunner& run,
                                           const std::vector<std::string>& learned, const fs::path& probe) {
  std::vector<std::string> argv = {"cmake", "-S", dirs.source.string(), "-B", dirs.build.string()};
  if (!find_in_path("ninja").empty()) argv.insert(argv.end(), {"-G", "Ninja"});
  // BUILD_TESTING (CTest's switch): a project's tests are neither built nor
  // looked for at configure time (their own dependencies).
  argv.insert(argv.end(), {"-DCMAKE_C_COMPILER=" + run.cc(), "-DCMAKE_CXX_COMPILER=" + run.cxx()});
  argv.insert(argv.end(), cmake_fixed_settings().begin(), cmake_fixed_settings().end());
  argv.push_back("-DCMAKE_PROJECT_INCLUDE=" + probe.string());
  // The prefix at configure time, not only at `cmake --install --prefix`:
  // zlib 1.2's CMakeLists computes absolute install dirs from it then
  // (INSTALL_LIB_DIR "${CMAKE_INSTALL_PREFIX}/lib"), and its ASan-built
  // libz.so went to /usr/local/lib, where every later -lz found it.
  argv.push_back("-DCMAKE_INSTALL_PREFIX=" + dirs.prefix.string());
  argv.insert(argv.end(), learned.begin(), learned.end());
  argv.insert(argv.end(), spec.options.begin(), spec.options.end());
  return argv;
}

// A project's own switches for a shared build (BUILD_SHARED_LIBS=OFF is set
// already), from CMakeCache.txt, turned the other way: a BOOL whose name
// says SHARED and is on gets OFF, one that says STATIC and is off gets ON
// (PROJ's BUILD_LIBPROJ_SHARED, libssh's WITH_STATIC_LIB, c-ares's
// CARES_SHARED and CARES_STATIC).
std::vector<std::string> static_switches(const DepDirs& dirs) {
  std::vector<std::string> out;
  auto cache = cachedir::read_file(dirs.build / "CMakeCache.txt");
  if (!cache) return out;
  std::istringstream in(*cache);
  for (std::string line; std::getline(in, line);) {
    size_t colon = line.find(":BOOL=");
    if (colon == std::string::npos || line.starts_with("CMAKE_") || line.starts_with("BUILD_SHARED_LIBS:"))
      continue;
    std::string name = line.substr(0, colon), value = line.substr(colon + 6);
    bool on = value == "ON" || value == "1" || value == "TRUE" || value == "YES";
    if (name.find("SHARED") != std::string::npos && on) out.push_back("-D" + name + "=OFF");
    if (name.find("STATIC") != std::string::npos && !on) out.push_back("-D" + name + "=ON");
  }
  return out;
}

// What to set when the build made only shared libraries: `switches` as
// options, and the configure script when the project ships one.
std::string shared_only_hint(const DepSpec& spec, const std::vector<std::string>& switches) {
  std::string hint;
  for (size_t i = 0; i < switches.size(); ++i)
    hint += (i ? ", \"" : "; try options = [\"") + switches[i] + "\"" + (i + 1 == switches.size() ? "]" : "");
  std::error_code ec;
  for (const char* script : {"configure", "configure.ac", "configure.in"}) {
    if (!fs::is_regular_file(spec.source / script, ec)) continue;
    hint += std::string(hint.empty() ? "; try" : ", or") + " build = \"autotools\" (the project ships " +
            script + ")";
    break;
  }
  return hint;
}

// The static library targets of a configured build tree (the File API
// reply is written at configure time), by name; none when it cannot be read.
std::vector<std::string> static_library_targets(const fs::path& build_dir) {
  std::map<std::string, CMakeTarget> by_id;
  std::vector<std::string> order, names;
  if (!read_targets(build_dir, by_id, order)) return names;
  for (const auto& id : static_library_ids(by_id, order)) names.push_back(by_id.at(id).name);
  return names;
}

// Asks for the codemodel in the next configure (also the one cmake --build
// runs by itself when a CMakeLists.txt changed).
Expected<bool> write_query(const DepDirs& dirs) {
  fs::path query = dirs.build / ".cmake" / "api" / "v1" / "query" / "codemodel-v2";
  Status written = cachedir::write_atomic(query, "");
  if (!written) return Error{written.error()};
  return true;
}

}  // namespace

// RelWithDebInfo, with its flags spelled out to leave out -DNDEBUG: a
// fuzzed library's assert()s are bugs the fuzzer should stop on, and the
// builds libFuzzer and OSS-Fuzz users make keep them. A user's
// -DCMAKE_BUILD_TYPE=Release in options brings NDEBUG back.
const std::vector<std::string>& cmake_fixed_settings() {
  static const std::vector<std::string> settings = {
      "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g",
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g", "-DBUILD_SHARED_LIBS=OFF", "-DBUILD_TESTING=OFF"};
  return settings;
}

Expected<DepBuild> build_cmake(const DepSpec& spec, const DepDirs& dirs, DepRunner& run) {
  std::vector<std::string> learned = learned_switches(dirs);
  auto probe = write_link_probe(dirs);
  if (!probe) return run.error(probe.error());
  std::vector<std::string> configure = configure_command(spec, dirs, run, learned, *probe);
  std::string setup = run.setup(configure);
  std::error_code ec;
  bool fresh = reset_unless_configured(dirs, setup);
  bool configured = !fresh && fs::exists(dirs.build / "CMakeCache.txt", ec) &&
                    fs::exists(dirs.build / ".cmake" / "api" / "v1" / "reply", ec);
  auto query = write_query(dirs);
  if (!query) return run.error(query.error());
  const std::string kSkipInstall = "-DCMAKE_SKIP_INSTALL_RULES=ON";
  bool skip_install = std::find(configure.begin(), configure.end(), kSkipInstall) != configure.end();
  if (!configured) {
    auto ok = run.run("cmake", configure, dirs.build);
    // A project whose install rules break in a static build (OpenJPEG 2.3:
    // "INSTALL(EXPORT) given unknown export", its export set filled only
    // for shared libraries): configured again once without install rules,
    // kept with the learned switches; the headers then come from the
    // targets' include dirs and `include_dirs`.
    if (!ok && !skip_install && run.last_output().find("given unknown export") != std::string::npos) {
      std::vector<std::string> with = learned;
      with.push_back(kSkipInstall);
      if (Status kept = cachedir::write_atomic(dirs.learned_switches, lines_text(with)); !kept)
        return run.error(kept.error());
      run.warn("the CMake project's install rules fail in a static build (" +
               first_line_with(run.last_output(), "given unknown export") + "); configuring it again with " +
               kSkipInstall +
               " (its headers then come from its targets' include dirs and the dep's include_dirs)");
      return build_cmake(spec, dirs, run);
    }
    if (!ok) return Error{ok.error()};
    run.warn_ignored("cmake", cmake_ignored_options(run.last_output(), spec.options));
    auto marked = mark_configured(dirs, setup);
    if (!marked) return run.error(marked.error());
  }
  const std::vector<std::string> build_all = {"cmake", "--build", dirs.build.string(), "-j",
                                              std::to_string(run.jobs())};
  std::vector<std::string> build = build_all;
  // Only what is linked: the named targets, else every static library (with
  // what they depend on), not the project's programs, examples and tests,
  // which can take longer to build than the library and fail on their own.
  std::vector<std::string> goals = spec.targets.empty() ? static_library_targets(dirs.build) : spec.targets;
  // A project whose own switch makes it shared: configured again once with
  // the switches turned, which are kept for the module's other variants.
  // Seen in the configure's reply, before a whole shared build (PROJ 4.9:
  // 193 steps, then its 176 again).
  auto learn_static = [&]() -> std::optional<Expected<DepBuild>> {
    std::vector<std::string> switches = static_switches(dirs);
    if (!learned.empty() || switches.empty()) return std::nullopt;
    std::string text;
    for (const auto& sw : switches) text += sw + "\n";
    if (Status kept = cachedir::write_atomic(dirs.learned_switches, text); !kept)
      return run.error(kept.error());
    run.warn("the CMake project configures only shared libraries; configuring it again with " +
             shell_join(switches) + " (options in cxxtest.toml override these)");
    return build_cmake(spec, dirs, run);
  };
  bool shared_only = false;
  if (goals.empty() && !read_cmake_reply(dirs.build, spec.targets, &shared_only) && shared_only)
    if (auto again = learn_static()) return std::move(*again);
  if (!goals.empty()) {
    build.push_back("--target");
    build.insert(build.end(), goals.begin(), goals.end());
  }
  auto built = run.run("cmake --build", build, dirs.build);
  if (!built) return Error{built.error()};
  auto reply = read_cmake_reply(dirs.build, spec.targets, &shared_only);
  if (!reply && shared_only) {
    if (auto again = learn_static()) return std::move(*again);
    return run.error(reply.error() + shared_only_hint(spec, static_switches(dirs)));
  }
  if (!reply) return run.error(reply.error());
  // link_only: the spec's link replaces what the probe found, as it does
  // pkg-config's; otherwise link adds to it.
  if (spec.link_only) reply->link_args.clear();
  // Headers as the project installs them: old-style projects set no target
  // include dirs (PCRE2 10.00's pcre2posix.h is only in src/ and, after an
  // install, in include/). Its install rules usually name its programs
  // too, which a build of the libraries alone did not make: then the rest
  // is built, whose failure is no error (a test that does not compile), and
  // installed again. An install that still fails only costs that fallback.
  fs::remove_all(dirs.prefix / "include", ec);
  if (skip_install) return reply;
  std::vector<std::string> install = {"cmake", "--install", dirs.build.string(), "--prefix",
                                      dirs.prefix.string()};
  bool installed = run.try_run(install, dirs.build);
  if (!installed && spec.targets.empty() && !goals.empty()) {
    run.warn(
        "its install rules need the project's other targets (programs, tests), not just the "
        "static libraries built so far: building the whole project once to install its headers "
        "(not an error; with `targets` in cxxtest.toml, a failed install is left at that)");
    run.try_run(build_all, dirs.build);
    installed = run.try_run(install, dirs.build);
  }
  if (installed && fs::is_directory(dirs.prefix / "include", ec))
    reply->include_dirs.push_back(dirs.prefix / "include");
  return reply;
}

}  // namespace cxxtest::driver::deps
