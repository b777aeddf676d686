#include "driver/load_module.h"

#include <iostream>

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

// Where cwd has no module above it but a package pattern names a directory
// inside one (`cxxtest ./fuzz/parser` run from the library's checkout), the
// way there: a module is found from where cxxtest runs, as go.mod is.
std::string module_below_hint(const std::vector<std::string>& patterns, const fs::path& cwd) {
  for (const auto& pattern : patterns) {
    std::string dir = pattern;
    if (dir.ends_with("/...")) dir.resize(dir.size() - 4);
    if (dir.empty() || dir[0] == '-') continue;
    std::error_code ec;
    fs::path below = (cwd / dir).lexically_normal();
    for (fs::path d = below; d != cwd && d.has_relative_path(); d = d.parent_path()) {
      if (!fs::exists(d / "cxxtest.toml", ec)) continue;
      std::string rel = d.lexically_relative(cwd).string();
      std::string inside = below.lexically_relative(d).string();
      std::string package = inside == "." ? "." : "./" + inside;
      if (pattern.ends_with("/...")) package += "/...";
      return "\n\t" + pattern + " is in the module at " + rel +
             " (its cxxtest.toml): run cxxtest there, or with -C " + rel + " and the package as " + package;
    }
  }
  return "";
}

}  // namespace

Expected<Module> load_module(const std::vector<std::string>& patterns, const fs::path& cwd,
                             const fs::path& cache_root) {
  auto root = find_module_root(cwd);
  if (!root) return Error{root.error() + module_below_hint(patterns, cwd)};
  auto config = load_config(*root / "cxxtest.toml");
  if (!config) return Error{config.error()};
  Module m{*config, {}, {}};
  // A dep's source tree inside the module is its own build's, not packages
  // (unless it is the whole module: then its compiled sources are left out).
  std::vector<fs::path> skip{cache_root};
  for (const auto& d : m.config.deps)
    if (d.source != m.config.root.lexically_normal()) skip.push_back(d.source);
  std::vector<Package> scanned = scan_packages(m.config, skip);
  for (const auto& pkg : scanned) m.all[pkg.rel_dir] = pkg;
  // A [package] table for a directory that does not exist is a typo.
  for (const auto& [dir, settings] : m.config.packages) {
    std::error_code ec;
    if (!fs::is_directory(m.config.root / dir, ec))
      std::cerr << m.config.location_of("package." + dir) << ": warning: [package.\"" << dir
                << "\"]: no such directory in the module\n";
  }
  auto matched =
      match_scanned(scanned, m.config, patterns.empty() ? std::vector<std::string>{"."} : patterns, cwd);
  if (!matched) return Error{matched.error()};
  m.matched = *matched;
  return m;
}

}  // namespace cxxtest::driver
