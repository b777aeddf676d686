#include "driver/include_graph.h"

#include <sys/stat.h>
#include <cctype>
#include <charconv>
#include <deque>
#include <unordered_set>

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

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The identifier ending just before `at` (after blanks and newlines).
std::string_view word_before(std::string_view text, size_t at) {
  size_t end = at;
  while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  size_t begin = end;
  while (begin > 0 && ident_char(text[begin - 1])) --begin;
  return text.substr(begin, end - begin);
}

// True when `name` at `at` is followed by a parenthesized list and "{".
bool opens_body_after(std::string_view text, size_t at) {
  size_t i = at;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i >= text.size() || text[i] != '(') return false;
  int depth = 0;
  for (; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    else if (text[i] == ')' && --depth == 0) break;
  }
  for (++i; i < text.size() && std::isspace(static_cast<unsigned char>(text[i]));) ++i;
  return i < text.size() && text[i] == '{';
}

// Where `name` is defined as a function returning one of `types`, or npos.
size_t definition_of(std::string_view text, std::string_view name,
                     std::initializer_list<std::string_view> types) {
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    size_t end = at + name.size();
    if ((at > 0 && ident_char(text[at - 1])) || (end < text.size() && ident_char(text[end]))) continue;
    std::string_view before = word_before(text, at);
    bool typed = false;
    for (auto t : types) typed = typed || before == t;
    if (typed && opens_body_after(text, end)) return at;
  }
  return std::string_view::npos;
}

// How many preprocessor conditionals (#if, #ifdef, #ifndef) are open at
// `at`, counted by lines (comments and strings are not told apart).
int open_conditionals(std::string_view text, size_t at) {
  int depth = 0;
  for (size_t start = 0; start < at && start < text.size();) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    size_t i = 0;
    skip_blanks(line, i);
    if (i < line.size() && line[i] == '#') {
      skip_blanks(line, ++i);
      std::string_view directive = line.substr(i);
      if (directive.starts_with("if")) ++depth;  // if, ifdef, ifndef
      else if (directive.starts_with("endif") && depth > 0) --depth;
    }
    start = end + 1;
  }
  return depth;
}

constexpr std::string_view kMainMarker = "!main";
constexpr std::string_view kFuzzerMarker = "!fuzzer";

bool parse_int(std::string_view text, int64_t& out) {
  auto r = std::from_chars(text.data(), text.data() + text.size(), out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

}  // namespace

unsigned program_entries(std::string_view text) {
  unsigned out = 0;
  if (definition_of(text, "LLVMFuzzerTestOneInput", {"int"}) != std::string_view::npos) out |= kFuzzerEntry;
  // A libFuzzer harness often carries a main() of its own, for running
  // inputs without libFuzzer, under a conditional the fuzzing build leaves
  // undefined (harfbuzz's hb-fuzzer.cc: #ifdef MAIN): it is taken to be off.
  size_t main_at = definition_of(text, "main", {"int", "void", "auto"});
  bool harness_optional_main = (out & kFuzzerEntry) && open_conditionals(text, main_at) > 0;
  if (main_at != std::string_view::npos && !harness_optional_main) out |= kMainEntry;
  return out;
}

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
//   <path>\t<mtime_ns>\t<size>[\t!main][\t!fuzzer][\t<directive>]...
void IncludeGraph::load() {
  if (cache_file_.empty()) return;
  auto text = cxxtest::cachedir::read_file(cache_file_);
  if (!text) return;
  std::string_view rest = *text;
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    std::vector<std::string_view> fields;
    for (size_t start = 0;;) {
      size_t tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
      if (tab == std::string_view::npos) break;
      start = tab + 1;
    }
    Entry e;
    if (fields.size() < 3 || !parse_int(fields[1], e.mtime_ns) || !parse_int(fields[2], e.size)) continue;
    auto first = fields.begin() + 3;
    if (first != fields.end() && *first == kMainMarker) {
      e.entries |= kMainEntry;
      ++first;
    }
    if (first != fields.end() && *first == kFuzzerMarker) {
      e.entries |= kFuzzerEntry;
      ++first;
    }
    e.directives.assign(first, fields.end());
    entries_[std::string(fields[0])] = std::move(e);
  }
}

void IncludeGraph::save() {
  if (!dirty_ || cache_file_.empty()) return;
  std::string text;
  for (const auto& [path, e] : entries_) {
    text += path + "\t" + std::to_string(e.mtime_ns) + "\t" + std::to_string(e.size);
    if (e.entries & kMainEntry) text += "\t" + std::string(kMainMarker);
    if (e.entries & kFuzzerEntry) text += "\t" + std::string(kFuzzerMarker);
    for (const auto& d : e.directives) text += "\t" + d;
    text += "\n";
  }
  (void)cxxtest::cachedir::write_atomic(cache_file_, text);  // a lost write only costs a rescan
  dirty_ = false;
}

const IncludeGraph::FileStat& IncludeGraph::stat_of(const fs::path& file) {
  auto [it, fresh] = stats_.try_emplace(file.string());
  struct stat st {};
  if (fresh && stat(file.c_str(), &st) == 0) {
    it->second.regular = S_ISREG(st.st_mode);
    it->second.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    it->second.size = st.st_size;
  }
  return it->second;
}

const IncludeGraph::Entry& IncludeGraph::scan(const fs::path& file) {
  const FileStat& st = stat_of(file);
  Entry& e = entries_[file.string()];
  if (e.mtime_ns == st.mtime_ns && e.size == st.size && st.size >= 0) return e;
  auto text = cxxtest::cachedir::read_file(file);
  e.mtime_ns = st.mtime_ns;
  e.size = st.size;
  e.directives = text ? scan_include_directives(*text) : std::vector<std::string>{};
  e.entries = text ? program_entries(*text) : 0;
  dirty_ = true;
  return e;
}

const std::vector<IncludeGraph::Include>& IncludeGraph::includes_of(const fs::path& file) {
  auto [it, fresh] = includes_.try_emplace(file.string());
  std::vector<Include>& out = it->second;  // a node: stays put as the map grows
  if (!fresh) return out;
  // Plain strings, not fs::path: this runs for every include of every file.
  const std::string& self = it->first;
  std::string own_dir = self.substr(0, self.rfind('/') + 1);
  std::string root = root_.lexically_normal().string();
  if (root.empty() || root.back() != '/') root += '/';
  for (const auto& d : scan(file).directives) {
    std::string_view name = std::string_view(d).substr(1);
    std::vector<std::string> candidates;
    if (!name.empty() && name[0] == '/') candidates.emplace_back(name);  // as fs::path's operator/ would
    else {
      if (d[0] == '"') candidates.push_back(own_dir + std::string(name));
      for (const auto& dir : search_dirs_) candidates.push_back(dir.string() + "/" + std::string(name));
    }
    for (auto& c : candidates) {
      if (!stat_of(c).regular) continue;
      if (c.find("/.") != std::string::npos || c.find("//") != std::string::npos)
        c = fs::path(c).lexically_normal().string();
      if (c.size() > root.size() && c.compare(0, root.size(), root) == 0) {
        size_t slash = c.rfind('/');
        std::string owner = slash < root.size() ? "." : c.substr(root.size(), slash - root.size());
        out.push_back(Include{fs::path(c), c, std::move(owner)});
      }
      break;
    }
  }
  return out;
}

std::vector<fs::path> IncludeGraph::direct_includes(const fs::path& file) {
  std::vector<fs::path> out;
  for (const auto& inc : includes_of(file)) out.push_back(inc.path);
  return out;
}

std::set<fs::path> IncludeGraph::reachable(const std::vector<fs::path>& files) {
  std::set<fs::path> seen;
  std::unordered_set<std::string> seen_keys;
  std::deque<const fs::path*> queue;
  for (const auto& f : files) queue.push_back(&f);
  while (!queue.empty()) {
    const fs::path* f = queue.front();
    queue.pop_front();
    for (const auto& inc : includes_of(*f))
      if (seen_keys.insert(inc.key).second) {
        seen.insert(inc.path);
        queue.push_back(&inc.path);
      }
  }
  return seen;
}

void IncludeGraph::set_header_packages(std::vector<std::pair<std::string, std::string>> dir_to_package) {
  header_packages_ = std::move(dir_to_package);
}

unsigned IncludeGraph::entry_points(const fs::path& file) { return scan(file).entries; }

bool IncludeGraph::includes_cxxtest(const fs::path& file) {
  auto names_cxxtest = [&](const fs::path& f) {
    for (const auto& d : scan(f).directives)
      if (std::string_view name = std::string_view(d).substr(1);
          name == "cxxtest/cxxtest.h" || name == "cxxtest/libfuzzer.h")  // which includes cxxtest.h
        return true;
    return false;
  };
  if (names_cxxtest(file)) return true;
  for (const auto& h : reachable({file}))
    if (names_cxxtest(h)) return true;
  return false;
}

std::vector<std::string> IncludeGraph::implementers(const Include& inc,
                                                    const std::map<std::string, Package>& by_dir) {
  std::string root = root_.lexically_normal().string();
  std::string rel =
      inc.key.size() > root.size() ? inc.key.substr(root.size() + (root.back() == '/' ? 0 : 1)) : "";
  std::vector<std::string> declared;
  for (const auto& [dir, pkg] : header_packages_)
    if (dir == "." || rel.compare(0, dir.size() + 1, dir + "/") == 0) declared.push_back(pkg);
  if (!declared.empty()) return declared;
  if (auto it = by_dir.find(inc.owner); it != by_dir.end() && !it->second.sources.empty()) return {inc.owner};
  if (!stem_index_built_) {
    stem_index_built_ = true;
    for (const auto& [dir, pkg] : by_dir)
      for (const auto& src : pkg.sources) {
        std::string stem = src.stem().string();
        for (const auto& i : includes_of(src))
          if (i.path.stem() == stem && i.owner != dir) stem_implementers_[i.key].push_back(dir);
      }
  }
  auto it = stem_implementers_.find(inc.key);
  return it == stem_implementers_.end() ? std::vector<std::string>{} : it->second;
}

std::vector<const Package*> IncludeGraph::link_set(const Package& pkg,
                                                   const std::vector<fs::path>& test_files,
                                                   const std::map<std::string, Package>& by_dir) {
  std::set<std::string> linked{pkg.rel_dir};
  std::unordered_set<std::string> seen;
  std::deque<const fs::path*> queue;
  auto visit = [&](const fs::path& f, const std::string& key) {
    if (seen.insert(key).second) queue.push_back(&f);
  };
  for (const auto& f : pkg.sources) visit(f, f.string());
  for (const auto& f : test_files) visit(f, f.string());
  while (!queue.empty()) {
    const fs::path* f = queue.front();
    queue.pop_front();
    for (const auto& inc : includes_of(*f)) {
      if (!seen.insert(inc.key).second) continue;
      queue.push_back(&inc.path);
      for (const auto& owner : implementers(inc, by_dir)) {
        auto it = by_dir.find(owner);
        if (it == by_dir.end() || !linked.insert(owner).second) continue;
        for (const auto& src : it->second.sources) visit(src, src.string());
      }
    }
  }
  std::vector<const Package*> out;
  for (const auto& rel : linked)
    if (auto it = by_dir.find(rel); it != by_dir.end()) out.push_back(&it->second);
  return out;
}

}  // namespace cxxtest::driver
