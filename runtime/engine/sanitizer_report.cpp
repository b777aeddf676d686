#include "engine/sanitizer_report.h"

#include "engine/sanitizer_frames.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

// Defined only when a sanitizer runtime is linked in.
extern "C" void __sanitizer_set_report_path(const char* path) __attribute__((weak));

namespace cxxtest::runtime::engine {

namespace fs = std::filesystem;

namespace {

bool g_race = false;

fs::path report_dir() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? fs::path(tmp) : fs::path("/tmp");
}

std::string prefix_for(pid_t coordinator) { return "cxxtest-sanitizer-" + std::to_string(coordinator); }

}  // namespace

void route_sanitizer_reports() {
  if (!__sanitizer_set_report_path) return;
  // The sanitizer appends ".<pid>" to the path.
  std::string path = (report_dir() / prefix_for(getppid())).string();
  __sanitizer_set_report_path(path.c_str());
}

std::string take_sanitizer_report() {
  std::string prefix = prefix_for(getpid()) + ".";
  fs::path newest;
  fs::file_time_type newest_time{};
  std::error_code ec;
  std::vector<fs::path> all;
  for (const auto& e : fs::directory_iterator(report_dir(), ec)) {
    if (e.path().filename().string().rfind(prefix, 0) != 0) continue;
    all.push_back(e.path());
    auto t = e.last_write_time(ec);
    if (newest.empty() || t > newest_time) { newest = e.path(); newest_time = t; }
  }
  std::string text;
  if (!newest.empty()) {
    std::ifstream in(newest);
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  for (const auto& p : all) fs::remove(p, ec);
  if (text.find("ThreadSanitizer: data race") != std::string::npos) g_race = true;
  return symbolize_sanitizer_frames(text);
}

bool race_reported() { return g_race; }

}  // namespace cxxtest::runtime::engine
