// A dep's installed pkg-config files: the include dirs, defines and link
// arguments its libraries need beyond their archives (libxml2's
// -I<prefix>/include/libxml2, and -lz -llzma -lm for a static link).
#include <algorithm>
#include <cstdlib>

#include "driver/deps_internal.h"

namespace cxxtest::driver::deps {

namespace {

// The dirs under the prefix holding *.pc files, and those files' names
// (without .pc), sorted.
void find_pc_files(const DepDirs& dirs, std::vector<std::string>& pc_dirs, std::vector<std::string>& names) {
  for (const char* sub : kPkgConfigDirs) {
    std::error_code ec;
    bool any = false;
    for (const auto& e : fs::directory_iterator(dirs.prefix / sub, ec)) {
      if (e.path().extension() != ".pc") continue;
      names.push_back(e.path().stem().string());
      any = true;
    }
    if (any) pc_dirs.push_back((dirs.prefix / sub).string());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
}

// True for -lNAME when libNAME.a is among the archives (linked already).
bool names_an_archive(const std::string& arg, const std::vector<fs::path>& archives) {
  if (arg.rfind("-l", 0) != 0 || arg.size() == 2) return false;
  std::string file = "lib" + arg.substr(2) + ".a";
  return std::any_of(archives.begin(), archives.end(),
                     [&](const fs::path& a) { return a.filename() == file; });
}

template <typename T>
void add_once(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

// -I dir, -Idir, -isystem dir: include dirs; -DX: defines; -pthread (the
// library's headers may test _REENTRANT); the rest (-std=..., -O2) is the
// library's own choice, not something it gives module code.
void add_cflags(const std::vector<std::string>& words, bool include_dirs, DepBuild& b) {
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    for (std::string_view flag : {"-isystem", "-I"}) {
      if (w.compare(0, flag.size(), flag) != 0) continue;
      std::string dir = w.size() > flag.size() ? w.substr(flag.size())
                        : i + 1 < words.size() ? words[++i]
                                               : "";
      if (include_dirs && !dir.empty()) add_once(b.include_dirs, fs::path(dir).lexically_normal());
      break;
    }
    if (w.rfind("-D", 0) == 0 && w.size() > 2) add_once(b.defines, w.substr(2));
    if (w == "-pthread") add_once(b.compile_flags, w);
  }
}

}  // namespace

std::vector<std::string> split_pkg_config_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

void add_pkg_config(const DepSpec& spec, const DepDirs& dirs, DepRunner& run, DepBuild& b) {
  std::vector<std::string> pc_dirs, names;
  find_pc_files(dirs, pc_dirs, names);
  if (names.empty()) return;
  std::string path;
  for (const auto& d : pc_dirs) path += (path.empty() ? "" : ":") + d;
  if (!run.pkg_config_path().empty()) path += ":" + run.pkg_config_path();
  std::vector<std::string> env = {"PKG_CONFIG_PATH=" + path};
  auto query = [&](std::vector<std::string> flags, std::vector<std::string>* words) {
    std::vector<std::string> argv = {"pkg-config"};
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), names.begin(), names.end());
    std::string out;
    if (run.capture(argv, env, &out)) {
      *words = split_pkg_config_words(out);
      return true;
    }
    while (!out.empty() && out.back() == '\n') out.pop_back();
    run.warn("pkg-config " + flags.back() + " of the installed " + pc_dirs.front() +
             " failed, its flags are not used (set include_dirs and link instead): " + out);
    return false;
  };
  std::vector<std::string> cflags, libs;
  if (!query({"--cflags"}, &cflags)) return;
  add_cflags(cflags, spec.include_dirs.empty(), b);
  if (spec.link_only || !query({"--static", "--libs"}, &libs)) return;
  // -l of its own archives or an earlier dep's (linked as deps already).
  std::vector<fs::path> archives = b.archives;
  for (const EarlierDep& d : run.earlier())
    archives.insert(archives.end(), d.build.archives.begin(), d.build.archives.end());
  bool bare = false;
  for (const auto& w : libs) {
    // A bare -l or -L would take the next argument as its name (libpcap
    // 1.9's CMake writes "Libs: -L${libdir} -l": "-l -pthread" then failed
    // as "cannot find -l-pthread").
    if (w == "-l" || w == "-L") {
      bare = true;
      continue;
    }
    if (!names_an_archive(w, archives)) b.link_args.push_back(w);
  }
  if (bare)
    run.warn("pkg-config --static --libs of the installed " + pc_dirs.front() +
             " has a bare -l or -L (a Libs line of its .pc files with an empty name), left out");
}

}  // namespace cxxtest::driver::deps
