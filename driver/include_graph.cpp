#include "driver/include_graph.h"

#include <deque>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

#include "cachedir/atomic_file.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

void skip_blanks(std::string_view line, size_t& i) {
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
}

// One line's directive, or "" when the line is not an #include.
std::string directive_of(std::string_view line) {
  size_t i = 0;
  skip_blanks(line, i);
  if (i >= line.size() || line[i] != '#') return "";
  ++i;
  skip_blanks(line, i);
  if (line.substr(i, 7) != "include") return "";
  i += 7;
  skip_blanks(line, i);
  if (i >= line.size() || (line[i] != '"' && line[i] != '<')) return "";
  char close = line[i] == '"' ? '"' : '>';
  size_t end = line.find(close, i + 1);
  if (end == std::string_view::npos) return "";
  return std::string(1, line[i]) + std::string(line.substr(i + 1, end - i - 1));
}

bool inside(const fs::path& root, const fs::path& p) {
  auto rel = p.lexically_relative(root).string();
  return !rel.empty() && rel != ".." && rel.rfind("../", 0) != 0;
}

}  // namespace

std::vector<std::string> scan_include_directives(std::string_view text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string d = directive_of(text.substr(start, end - start));
    if (!d.empty()) out.push_back(std::move(d));
    start = end + 1;
  }
  return out;
}

IncludeGraph::IncludeGraph(fs::path root, std::vector<fs::path> search_dirs, fs::path cache_file)
    : root_(std::move(root)), search_dirs_(std::move(search_dirs)), cache_file_(std::move(cache_file)) {
  load();
}

// Cache file format, one line per scanned file:
//   <path>\t<mtime_ns>\t<size>[\t<directive>]...
void IncludeGraph::load() {
  if (cache_file_.empty()) return;
  std::ifstream in(cache_file_);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    std::string f;
    while (std::getline(ss, f, '\t')) fields.push_back(f);
    if (fields.size() < 3) continue;
    Entry e;
    e.mtime_ns = std::stoll(fields[1]);
    e.size = std::stoll(fields[2]);
    e.directives.assign(fields.begin() + 3, fields.end());
    entries_[fields[0]] = std::move(e);
  }
}

void IncludeGraph::save() {
  if (!dirty_ || cache_file_.empty()) return;
  std::string text;
  for (const auto& [path, e] : entries_) {
    text += path + "\t" + std::to_string(e.mtime_ns) + "\t" + std::to_string(e.size);
    for (const auto& d : e.directives) text += "\t" + d;
    text += "\n";
  }
  std::string err;
  cxxtest::cachedir::write_atomic(cache_file_, text, &err);
  dirty_ = false;
}

const IncludeGraph::Entry& IncludeGraph::scan(const fs::path& file) {
  struct stat st{};
  int64_t mtime = 0, size = -1;
  if (stat(file.c_str(), &st) == 0) {
    mtime = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    size = st.st_size;
  }
  Entry& e = entries_[file.string()];
  if (e.mtime_ns == mtime && e.size == size && size >= 0) return e;
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  e.mtime_ns = mtime;
  e.size = size;
  e.directives = scan_include_directives(ss.str());
  dirty_ = true;
  return e;
}

std::vector<fs::path> IncludeGraph::direct_includes(const fs::path& file) {
  std::vector<fs::path> out;
  for (const auto& d : scan(file).directives) {
    std::string name = d.substr(1);
    std::vector<fs::path> candidates;
    if (d[0] == '"') candidates.push_back(file.parent_path() / name);
    for (const auto& dir : search_dirs_) candidates.push_back(dir / name);
    for (const auto& c : candidates) {
      std::error_code ec;
      if (fs::is_regular_file(c, ec)) {
        fs::path resolved = c.lexically_normal();
        if (inside(root_, resolved)) out.push_back(resolved);
        break;
      }
    }
  }
  return out;
}

std::set<fs::path> IncludeGraph::reachable(const std::vector<fs::path>& files) {
  std::set<fs::path> seen;
  std::deque<fs::path> queue(files.begin(), files.end());
  while (!queue.empty()) {
    fs::path f = queue.front();
    queue.pop_front();
    for (const auto& inc : direct_includes(f))
      if (seen.insert(inc).second) queue.push_back(inc);
  }
  return seen;
}

std::vector<const Package*> IncludeGraph::link_set(const Package& pkg, const std::map<std::string, Package>& by_dir) {
  std::set<std::string> linked{pkg.rel_dir};
  std::vector<fs::path> files = pkg.sources;
  files.insert(files.end(), pkg.test_files.begin(), pkg.test_files.end());
  std::set<fs::path> seen(files.begin(), files.end());
  std::deque<fs::path> queue(files.begin(), files.end());
  while (!queue.empty()) {
    fs::path f = queue.front();
    queue.pop_front();
    for (const auto& inc : direct_includes(f)) {
      if (!seen.insert(inc).second) continue;
      queue.push_back(inc);
      std::string rel = inc.parent_path().lexically_relative(root_).string();
      if (rel.empty()) rel = ".";
      auto it = by_dir.find(rel);
      if (it == by_dir.end() || !linked.insert(rel).second) continue;
      for (const auto& src : it->second.sources)
        if (seen.insert(src).second) queue.push_back(src);
    }
  }
  std::vector<const Package*> out;
  for (const auto& rel : linked) out.push_back(&by_dir.at(rel));
  return out;
}

}  // namespace cxxtest::driver
