#include "driver/cover_command.h"

#include <filesystem>
#include <iostream>

#include "cachedir/atomic_file.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

constexpr const char* kStyle = R"(body { margin: 0; font-family: monospace; background: #fff; color: #222; }
#topbar { position: sticky; top: 0; background: #eee; padding: 6px 10px; border-bottom: 1px solid #ccc; }
#topbar .legend { margin-left: 2em; }
table { border-collapse: collapse; }
td { padding: 0 8px; white-space: pre; vertical-align: top; }
td.ln, td.n { text-align: right; color: #888; }
tr.hit td.src { background: #d7f5d7; }
tr.miss td.src { background: #f9d0d0; }
span.hit { background: #d7f5d7; } span.miss { background: #f9d0d0; }
.file { display: none; } .file.shown { display: block; }
)";

constexpr const char* kScript = R"(var files = document.getElementById('files');
function show() {
  document.querySelectorAll('.file').forEach(function (f) { f.classList.toggle('shown', f.id === files.value); });
}
files.addEventListener('change', show);
show();
)";

std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::vector<std::string> source_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

std::string percent_of_lines(const FileCoverage& file) {
  size_t hit = 0;
  for (const auto& [line, count] : file.lines) hit += count > 0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", file.lines.empty() ? 0.0 : 100.0 * hit / file.lines.size());
  return buf;
}

// The table rows of one file: every source line, or only the counted ones
// when the source cannot be read.
std::string file_rows(const std::string& path, const FileCoverage& file) {
  auto text = cxxtest::cachedir::read_file(path);
  std::vector<std::string> lines = text ? source_lines(*text) : std::vector<std::string>{};
  int last = std::max(static_cast<int>(lines.size()), file.lines.empty() ? 0 : file.lines.rbegin()->first);
  std::string rows = text ? "" : "<p>cannot read " + escaped(path) + ": line counts only</p>\n";
  rows += "<table>\n";
  for (int n = 1; n <= last; ++n) {
    std::string src = n <= static_cast<int>(lines.size()) ? escaped(lines[n - 1]) : "";
    auto it = file.lines.find(n);
    if (it == file.lines.end()) {
      if (text)
        rows += "<tr><td class=\"ln\">" + std::to_string(n) + "</td><td class=\"n\"></td><td class=\"src\">" +
                src + "</td></tr>\n";
      continue;
    }
    std::string count = std::to_string(it->second);
    rows += std::string("<tr class=\"") + (it->second > 0 ? "hit" : "miss") + "\" data-line=\"" +
            std::to_string(n) + "\" data-count=\"" + count + "\"><td class=\"ln\">" + std::to_string(n) +
            "</td><td class=\"n\">" + count + "</td><td class=\"src\">" + src + "</td></tr>\n";
  }
  return rows + "</table>\n";
}

std::string shown_path(const std::string& path, const std::string& base) {
  std::string rel = fs::path(path).lexically_relative(base).string();
  return rel.empty() || rel.rfind("..", 0) == 0 ? path : rel;
}

// Reads the flags of `cxxtest cover`: -html=FILE and -o=FILE (or with the
// value as the next argument).
Expected<std::pair<std::string, std::string>> parse_cover_args(const std::vector<std::string>& args) {
  std::string html, out;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i].rfind("--", 0) == 0 ? args[i].substr(1) : args[i];
    size_t eq = a.find('=');
    std::string name = a.substr(0, eq);
    std::string* field = name == "-html" ? &html : name == "-o" ? &out : nullptr;
    if (!field)
      return Error{"cover: flag provided but not defined: " + args[i] +
                   " (cxxtest cover takes -html=PROFILE and -o FILE)"};
    if (eq != std::string::npos) *field = a.substr(eq + 1);
    else if (i + 1 < args.size()) *field = args[++i];
    else return Error{"cover: flag needs an argument: " + name};
  }
  if (html.empty()) return Error{"cover: want -html=PROFILE, the file cxxtest -coverprofile=PROFILE wrote"};
  return std::pair{html, out};
}

}  // namespace

std::string render_html(const CoverProfile& profile, const std::string& base) {
  std::string options, files;
  size_t i = 0;
  for (const auto& [path, file] : profile) {
    std::string id = "file" + std::to_string(i++);
    std::string name = escaped(shown_path(path, base));
    options += "<option value=\"" + id + "\">" + name + " (" + percent_of_lines(file) + ")</option>\n";
    files += "<div class=\"file\" id=\"" + id + "\" data-path=\"" + escaped(path) + "\">\n" +
             file_rows(path, file) + "</div>\n";
  }
  return "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>cxxtest "
         "coverage</title>\n<style>\n" +
         std::string(kStyle) + "</style>\n</head>\n<body>\n<div id=\"topbar\"><select id=\"files\">\n" +
         options +
         "</select><span class=\"legend\">not tracked <span class=\"miss\">not covered</span> <span "
         "class=\"hit\">covered</span></span></div>\n" +
         files + "<script>\n" + kScript + "</script>\n</body>\n</html>\n";
}

Exit cover_command(const std::vector<std::string>& args) {
  auto fail = [](const std::string& message) {
    std::cerr << "cxxtest: " << message << "\n";
    return Exit::Usage;
  };
  auto parsed = parse_cover_args(args);
  if (!parsed) return fail(parsed.error());
  auto [html, out] = *parsed;
  auto text = cxxtest::cachedir::read_file(html);
  if (!text) return fail("cover: cannot read " + html);
  CoverProfile profile;
  if (auto ok = merge_lcov(*text, html, profile); !ok) return fail("cover: " + ok.error());
  std::string page = render_html(profile, fs::current_path().string());
  if (out.empty() || out == "-") {
    std::cout << page;
    return Exit::Ok;
  }
  Status written = cxxtest::cachedir::write_atomic(fs::absolute(out), page);
  if (!written) return fail("cover: writing " + out + ": " + written.error());
  return Exit::Ok;
}

void help_cover() {
  std::cout << "usage: cxxtest -cover [-coverpkg=patterns] [-coverprofile=c.out] [packages]\n"
               "       cxxtest cover -html=c.out [-o c.html]\n\n"
               "-cover builds the test binaries with LLVM source-based coverage\n"
               "(-fprofile-instr-generate -fcoverage-mapping, variant plain-cover) and prints\n"
               "each package's share of statements run, as go test does:\n\n"
               "  ok  \tmodule/pkg\t0.012s\tcoverage: 73.2% of statements\n\n"
               "A statement is an LLVM code region: code that runs as a whole with one count\n"
               "(a statement, a condition, each side of && || ?:). A package measures the files\n"
               "in its directory, sources and headers, never its test files, other packages,\n"
               "deps, the runtime or the standard library; -coverpkg=./lexer,./parser measures\n"
               "the packages those patterns match instead, in every test binary, and a pattern\n"
               "that names a [deps] table (-coverpkg=./...,libjpeg) that library's sources.\n\n"
               "-coverprofile=c.out writes the line and function counts of the measured files of\n"
               "every package to c.out as an lcov tracefile (genhtml, Codecov, editors read it),\n"
               "and 'cxxtest cover -html=c.out -o c.html' turns it into one HTML page with each\n"
               "line's count, covered lines green and uncovered red (stdout without -o).\n"
               "llvm-profdata and llvm-cov come from the LLVM of the compiler (beside clang++,\n"
               "else llvm-cov-<major>, else llvm-cov in PATH).\n\n"
               "What fuzzing reached: -fuzzcorpus also runs each fuzz test's generated corpus\n"
               "in the cache as subtests, so\n\n"
               "  cxxtest -cover -fuzzcorpus -run=FuzzParse -coverprofile=c.out ./parser\n\n"
               "measures the seeds, testdata/fuzz/FuzzParse and every input fuzzing kept.\n";
}

}  // namespace cxxtest::driver
