#include "driver/cover.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "cachedir/atomic_file.h"
#include "driver/cover_profile.h"
#include "driver/deps.h"
#include "driver/process.h"
#include "driver/shell.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  for (size_t start = 0; start <= s.size();) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    if (comma > start) out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

// Runs a coverage tool; stdout into `out`. On failure the reason, with the
// tool's stderr, goes to stderr and false is returned.
bool run_tool(const std::vector<std::string>& argv, bool print_commands, std::string& out) {
  if (print_commands) std::cerr << shell_join(argv) + "\n";
  ProcessOptions opts;
  opts.merge_stderr = false;
  ExitStatus st = run_process(argv, opts, &out);
  if (st.ok()) return true;
  std::cerr << "cxxtest: -cover: " + shell_join(argv) + ": " + st.describe() + "\n" + out;
  return false;
}

}  // namespace

Coverage::Coverage(CoverSettings settings, const std::map<std::string, Package>& all, const Config& config,
                   const fs::path& cwd)
    : settings_(std::move(settings)), patterns_(split_commas(settings_.coverpkg)) {
  std::vector<Package> packages;
  for (const auto& [rel, pkg] : all) packages.push_back(pkg);
  module_root_ = config.root.lexically_normal();
  for (const auto& pattern : patterns_) {
    pattern_dirs_.emplace_back();
    auto dep = std::find_if(config.deps.begin(), config.deps.end(),
                            [&](const DepSpec& d) { return d.name == pattern; });
    if (dep != config.deps.end()) {
      deps_.push_back({dep->name, dep->source.lexically_normal()});
      continue;
    }
    if (auto matched = match_scanned(packages, config, {pattern}, cwd))
      for (const auto& pkg : *matched) pattern_dirs_.back().push_back(pkg.dir.lexically_normal());
  }
}

Expected<bool> Coverage::prepare(const Plan& plan) {
  for (const auto& p : plan.packages) {
    if (!p.has_tests() || tools_.count(p.compiler)) continue;
    auto tools = find_cover_tools(p.compiler);
    if (!tools) return Error{tools.error()};
    tools_[p.compiler] = *tools;
  }
  lcov_.assign(plan.packages.size(), "");
  return true;
}

void Coverage::warn_unlinked(const Plan& plan) const {
  std::map<fs::path, fs::path> source_of;  // object -> source
  for (const auto& c : plan.compiles) source_of[c.object] = c.source;
  std::set<fs::path> linked_dirs;
  for (const auto& p : plan.packages)
    for (const auto& obj : p.objects)
      if (auto it = source_of.find(obj); it != source_of.end() && !is_test_file(it->second))
        linked_dirs.insert(it->second.parent_path().lexically_normal());
  for (size_t i = 0; i < patterns_.size(); ++i) {
    bool is_dep =
        std::any_of(deps_.begin(), deps_.end(), [&](const MeasuredDep& d) { return d.name == patterns_[i]; });
    if (is_dep) continue;  // linked by every package unless a [package] deps list says otherwise
    bool linked = false;
    for (const auto& dir : pattern_dirs_[i]) linked |= linked_dirs.count(dir) > 0;
    if (!linked)
      std::cerr << "warning: no packages being tested depend on matches for pattern " << patterns_[i] << "\n";
  }
}

fs::path Coverage::make_profile_dir() const {
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = ((tmp && *tmp ? fs::path(tmp) : fs::path("/tmp")) / "cxxtest-cover-XXXXXX").string();
  if (!mkdtemp(templ.data())) {
    std::perror(("cxxtest: -cover: mkdtemp " + templ).c_str());
    return {};
  }
  return templ;
}

std::string Coverage::profile_env(const fs::path& dir) {
  return "LLVM_PROFILE_FILE=" + (dir / "%p.profraw").string();  // %p: a child process writes its own
}

bool Coverage::measured(const PackagePlan& p, const fs::path& file) const {
  if (is_test_file(file)) return false;
  fs::path dir = file.parent_path();
  if (patterns_.empty()) return dir == p.pkg->dir.lexically_normal();
  // A module inside the library's checkout (source = "..") is not the library.
  for (const auto& d : deps_)
    if (is_under(file, d.source) && (is_under(d.source, module_root_) || !is_under(file, module_root_)))
      return true;
  for (const auto& dirs : pattern_dirs_)
    for (const auto& d : dirs)
      if (d == dir) return true;
  return false;
}

std::string Coverage::line_for(uint64_t covered, uint64_t total) const {
  if (total == 0) return "coverage: [no statements]\n";
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * static_cast<double>(covered) / static_cast<double>(total));
  std::string in;
  for (const auto& p : patterns_) in += (in.empty() ? " in " : ", ") + p;
  return "coverage: " + std::string(pct) + " of statements" + in + "\n";
}

// The raw profiles in `dir` merged into dir/cover.profdata; "" when the
// run left none (it crashed) or the merge failed.
std::string Coverage::merge_raw(const CoverTools& tools, const fs::path& dir) const {
  std::vector<std::string> argv{tools.profdata, "merge", "-sparse"};
  size_t fixed = argv.size();
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".profraw") argv.push_back(it->path().string());
  if (argv.size() == fixed) return "";
  std::string profdata = (dir / "cover.profdata").string(), out;
  argv.insert(argv.end(), {"-o", profdata});
  return run_tool(argv, settings_.print_commands, out) ? profdata : "";
}

std::string Coverage::measure(const PackagePlan& p, size_t index, const fs::path& dir) {
  const CoverTools& tools = tools_.at(p.compiler);
  std::string profdata = merge_raw(tools, dir), out, line;
  std::vector<std::string> files;  // the measured files the binary holds
  if (!profdata.empty() &&
      run_tool({tools.cov, "export", "-summary-only", "-instr-profile=" + profdata, p.binary.string()},
               settings_.print_commands, out)) {
    uint64_t covered = 0, total = 0;
    auto json = nlohmann::json::parse(out, nullptr, false);
    if (json.is_object() && json.contains("data") && !json["data"].empty())
      for (const auto& f : json["data"][0].value("files", nlohmann::json::array())) {
        fs::path file = fs::path(f.value("filename", "")).lexically_normal();
        if (!measured(p, file)) continue;
        files.push_back(file.string());
        covered += f["summary"]["regions"].value("covered", uint64_t{0});
        total += f["summary"]["regions"].value("count", uint64_t{0});
      }
    line = line_for(covered, total);
  }
  if (!settings_.profile.empty() && !files.empty()) {
    std::vector<std::string> argv{tools.cov, "export", "-format=lcov", "-instr-profile=" + profdata,
                                  p.binary.string()};
    argv.insert(argv.end(), files.begin(), files.end());
    if (std::string lcov; run_tool(argv, settings_.print_commands, lcov)) lcov_[index] = std::move(lcov);
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return line;
}

Expected<bool> Coverage::write_profile() const {
  if (settings_.profile.empty()) return true;
  CoverProfile merged;
  for (const auto& text : lcov_) {
    auto ok = merge_lcov(text, "llvm-cov export", merged);
    if (!ok) return Error{ok.error()};
  }
  Status written = cxxtest::cachedir::write_atomic(settings_.profile, format_lcov(merged));
  if (!written) return Error{"-coverprofile: " + written.error()};
  return true;
}

}  // namespace cxxtest::driver
