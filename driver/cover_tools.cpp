#include "driver/cover_tools.h"

#include <unistd.h>
#include <filesystem>
#include <map>
#include <mutex>

#include "driver/process.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

// The compiler's major version ("14" from "14.0.6"), "" when it will not say.
std::string major_version(const std::string& compiler) {
  std::string out;
  ProcessOptions opts;
  opts.merge_stderr = false;
  if (!run_process({compiler, "-dumpversion"}, opts, &out).ok()) return "";
  size_t end = 0;
  while (end < out.size() && isdigit(static_cast<unsigned char>(out[end]))) ++end;
  return out.substr(0, end);
}

// One tool for `compiler`; `tried` collects the places looked at.
std::string find_tool(const std::string& compiler, const std::string& name, std::string& tried) {
  std::string found = find_in_path(compiler);
  if (!found.empty()) {
    std::error_code ec;
    fs::path beside = fs::canonical(found, ec).parent_path() / name;
    if (!ec && access(beside.c_str(), X_OK) == 0) return beside.string();
    tried += " " + beside.string() + ",";
  }
  std::string major = major_version(compiler);
  if (!major.empty()) {
    if (std::string p = find_in_path(name + "-" + major); !p.empty()) return p;
    tried += " " + name + "-" + major + ",";
  }
  tried += " " + name;
  return find_in_path(name);
}

}  // namespace

Expected<CoverTools> find_cover_tools(const std::string& compiler) {
  static std::mutex mu;
  static std::map<std::string, CoverTools> memo;
  std::lock_guard lock(mu);
  if (auto it = memo.find(compiler); it != memo.end()) return it->second;
  CoverTools tools;
  for (auto [name, field] :
       {std::pair{"llvm-profdata", &tools.profdata}, std::pair{"llvm-cov", &tools.cov}}) {
    std::string tried;
    *field = find_tool(compiler, name, tried);
    if (field->empty())
      return Error{"-cover needs " + std::string(name) + " from the LLVM of " + compiler + ": tried" + tried +
                   " in PATH (Debian: apt install llvm)"};
  }
  return memo[compiler] = tools;
}

}  // namespace cxxtest::driver
