#include "engine/coordinator/sanitizer_report.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "engine/coordinator/sanitizer_frames.h"
#include "engine/shared/failure.h"

// Defined only when a sanitizer runtime is linked in.
extern "C" void __sanitizer_set_report_path(const char* path) __attribute__((weak));

namespace cxxtest::runtime::engine {

namespace fs = std::filesystem;

namespace {

bool g_race = false;

constexpr const char* kDirVariable = "CXXTEST_SANITIZER_DIR";

// The coordinator's private report directory (mkdtemp: mode 0700, a name no
// one else can predict or plant a link at), created on first need and handed
// to the workers through the environment they inherit.
const fs::path& coordinator_dir() {
  static fs::path dir = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern =
        (tmp && *tmp ? std::string(tmp) : std::string("/tmp")) + "/cxxtest-sanitizer-XXXXXX";
    if (!mkdtemp(pattern.data())) return fs::path();
    setenv(kDirVariable, pattern.c_str(), 1);
    return fs::path(pattern);
  }();
  return dir;
}

}  // namespace

void prepare_sanitizer_reports() { coordinator_dir(); }

void remove_sanitizer_reports() {
  std::error_code ec;
  if (!coordinator_dir().empty()) fs::remove_all(coordinator_dir(), ec);
}

void route_sanitizer_reports() {
  const char* dir = std::getenv(kDirVariable);
  if (!__sanitizer_set_report_path || !dir || !*dir) return;
  // The sanitizer appends ".<pid>" to the path.
  std::string path = (fs::path(dir) / "report").string();
  __sanitizer_set_report_path(path.c_str());
}

namespace {

// The coordinator's report files and the newest of them (empty if none).
std::vector<fs::path> report_files(fs::path* newest) {
  fs::file_time_type newest_time{};
  std::error_code ec;
  std::vector<fs::path> all;
  if (coordinator_dir().empty()) return all;
  for (const auto& e : fs::directory_iterator(coordinator_dir(), ec)) {
    if (!e.is_regular_file(ec)) continue;
    all.push_back(e.path());
    auto t = e.last_write_time(ec);
    if (newest->empty() || t > newest_time) {
      *newest = e.path();
      newest_time = t;
    }
  }
  return all;
}

std::string read_whole(const fs::path& path) {
  if (path.empty()) return "";
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string take_sanitizer_report() {
  fs::path newest;
  std::vector<fs::path> all = report_files(&newest);
  std::string text = read_whole(newest);
  std::error_code ec;
  for (const auto& p : all) fs::remove(p, ec);
  if (text.find("ThreadSanitizer: data race") != std::string::npos) g_race = true;
  return symbolize_sanitizer_frames(text);
}

void attach_sanitizer_report(Failure& f) {
  if (f.kind == FailureKind::Exit || f.kind == FailureKind::Leak) f.sanitizer = take_sanitizer_report();
}

bool race_reported() { return g_race; }

}  // namespace cxxtest::runtime::engine
