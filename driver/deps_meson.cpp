// The Meson-driven deps: meson setup (out of tree: Meson never writes into
// the source), meson compile, meson install into the dep's prefix.
#include "driver/deps_internal.h"
#include "driver/process.h"

namespace cxxtest::driver::deps {

const std::vector<std::string>& meson_fixed_settings() {
  static const std::vector<std::string> kSettings = {
      // Static libraries only: library() and both_libraries() targets.
      "--default-library=static",
      // -O2 -g with assert()s on (b_ndebug stays false), as the CMake
      // builds' RelWithDebInfo without -DNDEBUG.
      "--buildtype=debugoptimized",
      // A shared_module() (a plugin) linked with --no-undefined would fail
      // on the sanitizer's and coverage's symbols the test binary provides.
      "-Db_lundef=false",
      // No network: a subproject the tree lacks fails, saying which.
      "--wrap-mode=nodownload",
  };
  return kSettings;
}

Expected<DepBuild> build_meson(const DepSpec& spec, const DepDirs& dirs, DepRunner& run) {
  if (find_in_path("meson").empty())
    return run.error("Meson builds it (" + (dirs.source / "meson.build").string() +
                     "), and meson is not installed (Debian: apt-get install meson ninja-build)");
  std::vector<std::string> setup = {"meson", "setup", "--prefix=" + dirs.prefix.string(), "--libdir=lib"};
  setup.insert(setup.end(), meson_fixed_settings().begin(), meson_fixed_settings().end());
  setup.insert(setup.end(), spec.options.begin(), spec.options.end());
  setup.push_back(dirs.build.string());
  setup.push_back(dirs.source.string());
  std::string how = run.setup(setup);
  // Meson's compile commands name each source by its path relative to the
  // build dir; reports and debug info name the source's own path instead.
  run.map_to_source(dirs.source.lexically_relative(dirs.build).string());
  bool fresh = reset_unless_configured(dirs, how);
  std::error_code ec;
  if (fresh || !fs::exists(dirs.build / "meson-private" / "coredata.dat", ec)) {
    auto ok = run.run("meson setup", setup, dirs.build);
    if (!ok) return Error{ok.error()};
    auto marked = mark_configured(dirs, how);
    if (!marked) return run.error(marked.error());
  }
  std::vector<std::string> compile = {
      "meson", "compile", "-C", dirs.build.string(), "-j", std::to_string(run.jobs())};
  compile.insert(compile.end(), spec.targets.begin(), spec.targets.end());
  auto made = run.run("meson compile", compile, dirs.build);
  if (!made) return Error{made.error()};
  // With targets named, install would build everything else: the build
  // tree's archives and the source's headers instead.
  if (!spec.targets.empty()) return build_tree(dirs);
  clear_prefix(dirs);
  if (run.try_run({"meson", "install", "-C", dirs.build.string(), "--no-rebuild", "--quiet"}, dirs.build))
    return installed_tree(dirs);
  run.warn("meson install failed: linking the archives of the build tree " + dirs.build.string() +
           " instead (see " + dirs.build_log.string() + ")");
  return build_tree(dirs);
}

}  // namespace cxxtest::driver::deps
