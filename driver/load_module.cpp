#include "driver/load_module.h"

#include <iostream>

namespace cxxtest::driver {

namespace fs = std::filesystem;

Expected<Module> load_module(const std::vector<std::string>& patterns, const fs::path& cwd,
                             const fs::path& cache_root) {
  auto root = find_module_root(cwd);
  if (!root) return Error{root.error()};
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
