#include "driver/module.h"

#include <algorithm>
#include <map>

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool skipped_dir_name(const std::string& name) {
  return name == "testdata" || name.empty() || name[0] == '.' || name[0] == '_';
}

// Adds the package in `dir` (if it has .c/.cpp/.cc/.cxx files) and those
// below it, from one listing per directory. A directory other than the root
// holding cxxtest.toml is a nested module and one holding CMakeCache.txt a
// build tree: neither it nor anything below is scanned; nor is anything
// [module] or [package] exclude leaves out.
void scan_dir(const Config& config, const fs::path& dir, const std::string& rel,
              const std::vector<fs::path>& skip, std::vector<Package>& out) {
  Package pkg;
  pkg.rel_dir = rel;
  pkg.dir = dir;
  pkg.import_path = rel == "." ? config.module : config.module + "/" + rel;
  std::vector<fs::path> subdirs;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const fs::path& path = entry.path();
    std::string name = path.filename().string();
    if (name == "cxxtest.toml" && rel != "." && entry.exists(ec)) return;
    // A CMake build tree (CMakeCache.txt) holds generated code, never packages.
    if (name == "CMakeCache.txt" && rel != "." && entry.exists(ec)) return;
    // A name with a line break cannot be written into build.ninja.
    if (name.find_first_of("\n\r") != std::string::npos) continue;
    std::string rel_path = rel == "." ? name : rel + "/" + name;
    if (!config.exclude.empty() || !config.packages.empty()) {
      if (config.excluded(rel_path)) continue;
    }
    if (entry.is_regular_file(ec)) {
      if (is_test_file(path)) pkg.test_files.push_back(path);
      else if (is_source_file(path)) pkg.sources.push_back(path);
    } else if (entry.is_directory(ec) && !entry.is_symlink(ec) && !skipped_dir_name(name) &&
               std::find(skip.begin(), skip.end(), path) == skip.end()) {
      subdirs.push_back(path);
    }
  }
  std::sort(pkg.sources.begin(), pkg.sources.end());
  std::sort(pkg.test_files.begin(), pkg.test_files.end());
  if (!pkg.sources.empty() || !pkg.test_files.empty()) out.push_back(std::move(pkg));
  std::sort(subdirs.begin(), subdirs.end());
  for (const auto& sub : subdirs) {
    std::string name = sub.filename().string();
    scan_dir(config, sub, rel == "." ? name : rel + "/" + name, skip, out);
  }
}

// Converts a pattern to a module-relative directory and whether it ends in "/...".
Expected<std::pair<std::string, bool>> pattern_dir(const Config& config, std::string pattern,
                                                   const fs::path& cwd) {
  bool recursive = false;
  if (pattern == "..." || ends_with(pattern, "/...")) {
    recursive = true;
    pattern = pattern == "..." ? "." : pattern.substr(0, pattern.size() - 4);
  }
  fs::path abs;
  if (pattern == config.module || pattern.rfind(config.module + "/", 0) == 0)
    abs = config.root / (pattern == config.module ? "." : pattern.substr(config.module.size() + 1));
  else abs = fs::path(pattern).is_absolute() ? fs::path(pattern) : cwd / pattern;
  fs::path rel = abs.lexically_normal().lexically_relative(config.root);
  std::string r = rel.string();
  if (!r.empty() && r.back() == '/') r.pop_back();
  if (r.empty()) r = ".";
  if (r == ".." || r.rfind("../", 0) == 0)
    return Error{"pattern " + pattern + (recursive ? "/..." : "") +
                 ": directory outside the module rooted at " + config.root.string()};
  return std::make_pair(r, recursive);
}

}  // namespace

bool is_test_file(const fs::path& p) {
  std::string name = p.filename().string();
  return ends_with(name, "_test.cpp") || ends_with(name, "_test.cc");
}

bool is_source_file(const fs::path& p) {
  std::string ext = p.extension().string();
  return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c";
}

bool is_c_source(const fs::path& p) { return p.extension() == ".c"; }

Expected<fs::path> find_module_root(const fs::path& start) {
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (fs::exists(dir / "cxxtest.toml")) return dir;
    if (dir == dir.root_path() || dir.empty()) break;
  }
  return Error{"cannot find cxxtest.toml in " + start.string() +
               " or any parent directory (run 'cxxtest init NAME' to create one)"};
}

std::vector<Package> scan_packages(const Config& config, const std::vector<fs::path>& skip) {
  std::vector<Package> out;
  scan_dir(config, config.root, ".", skip, out);
  return out;
}

Expected<std::vector<Package>> match_packages(const Config& config, const std::vector<std::string>& patterns,
                                              const fs::path& cwd, const std::vector<fs::path>& skip) {
  return match_scanned(scan_packages(config, skip), config, patterns, cwd);
}

Expected<std::vector<Package>> match_scanned(const std::vector<Package>& all, const Config& config,
                                             const std::vector<std::string>& patterns, const fs::path& cwd) {
  std::map<std::string, const Package*> chosen;
  for (const auto& pattern : patterns) {
    auto dir = pattern_dir(config, pattern, cwd);
    if (!dir) return Error{dir.error()};
    auto [rel, recursive] = *dir;
    bool matched = false;
    for (const auto& pkg : all) {
      bool hit = pkg.rel_dir == rel || (recursive && (rel == "." || pkg.rel_dir.rfind(rel + "/", 0) == 0));
      if (hit) {
        chosen[pkg.rel_dir] = &pkg;
        matched = true;
      }
    }
    if (!matched) {
      // Where it looked: a pattern is relative to the current directory,
      // which may not be where the user thinks (a package's testdata/).
      fs::path where = rel == "." ? config.root : config.root / rel;
      return Error{"pattern " + pattern + ": matched no packages (in " + where.lexically_normal().string() +
                   (recursive ? "/..." : "") + ")"};
    }
  }
  std::vector<Package> out;
  for (const auto& [rel, pkg] : chosen) out.push_back(*pkg);
  return out;
}

}  // namespace cxxtest::driver
