#include "driver/config.h"

#include <toml++/toml.h>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "driver/process.h"
#include "instrument/noinstrument.h"

namespace cxxtest::driver {

namespace {

// Thrown inside this file only, turned into an Error by parse_config.
struct ConfigError {
  std::string message;
};

// "cxxtest.toml:L:C", as Config::locations holds it.
std::string location(const std::string& file, const toml::source_region& src) {
  return file + ":" + std::to_string(src.begin.line) + ":" + std::to_string(src.begin.column);
}

std::string where(const std::string& file, const toml::source_region& src) {
  return location(file, src) + ": ";
}

// Values end up in build.ninja and command lines, where a line break or
// another control character cannot be written safely.
void check_printable(const std::string& file, const std::string& key, const toml::node& node,
                     const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f)
      throw ConfigError{where(file, node.source()) + key +
                        " must not contain a line break or other control character"};
}

std::string string_value(const std::string& file, const std::string& key, const toml::node& node) {
  if (!node.is_string()) throw ConfigError{where(file, node.source()) + key + " must be a string"};
  std::string s = *node.value<std::string>();
  if (s.empty()) throw ConfigError{where(file, node.source()) + key + " must not be empty"};
  check_printable(file, key, node, s);
  return s;
}

std::vector<std::string> list_value(const std::string& file, const std::string& key, const toml::node& node) {
  const toml::array* arr = node.as_array();
  if (!arr) throw ConfigError{where(file, node.source()) + key + " must be an array of strings"};
  std::vector<std::string> out;
  for (const toml::node& item : *arr) {
    if (!item.is_string())
      throw ConfigError{where(file, item.source()) + key + " must be an array of strings"};
    out.push_back(*item.value<std::string>());
    check_printable(file, key, item, out.back());
  }
  return out;
}

// Globs (exclude, noinstrument) know *, ** and ?; a '[' or '{' would be
// taken literally, which is never what was meant.
std::vector<std::string> glob_list_value(const std::string& file, const std::string& key,
                                         const toml::node& node) {
  std::vector<std::string> out = list_value(file, key, node);
  size_t i = 0;
  for (const toml::node& item : *node.as_array()) {
    if (out[i++].find_first_of("[]{}\\") != std::string::npos)
      throw ConfigError{
          where(file, item.source()) + key + ": \"" + out[i - 1] +
          "\": character classes, braces and escapes are not supported in globs (use *, ** and ?)"};
  }
  return out;
}

bool bool_value(const std::string& file, const std::string& key, const toml::node& node) {
  if (!node.is_boolean()) throw ConfigError{where(file, node.source()) + key + " must be true or false"};
  return *node.value<bool>();
}

// The one table of build keys: name, and where its value goes.
using ScalarField = std::string BuildSettings::*;
using ListField = std::vector<std::string> BuildSettings::*;
// package_only: allowed in [package."dir"] but not in [build].
struct BuildKey {
  const char* name;
  ScalarField scalar;
  ListField list;
  bool package_only;
};
const BuildKey kBuildKeys[] = {
    {"compiler", &BuildSettings::compiler, nullptr, false},
    {"c_compiler", &BuildSettings::c_compiler, nullptr, false},
    {"std", &BuildSettings::std, nullptr, false},
    {"c_std", &BuildSettings::c_std, nullptr, false},
    {"compile_commands", &BuildSettings::compile_commands, nullptr, false},
    {"include_dirs", nullptr, &BuildSettings::include_dirs, false},
    {"defines", nullptr, &BuildSettings::defines, false},
    {"flags", nullptr, &BuildSettings::flags, false},
    {"cflags", nullptr, &BuildSettings::cflags, false},
    {"cxxflags", nullptr, &BuildSettings::cxxflags, false},
    {"ldflags", nullptr, &BuildSettings::ldflags, false},
    {"libs", nullptr, &BuildSettings::libs, false},
    {"pkg_config", nullptr, &BuildSettings::pkg_config, false},
    {"exclude", nullptr, &BuildSettings::exclude, true},
    {"headers", nullptr, &BuildSettings::headers, true},
    {"deps", nullptr, &BuildSettings::deps, true},
};

// The C++ standards cxxtest.h compiles in, and the C standards clang knows.
bool valid_cxx_std(const std::string& s) {
  for (const char* ok : {"c++17", "c++1z", "gnu++17", "gnu++1z", "c++20", "c++2a", "gnu++20", "gnu++2a",
                         "c++2b", "gnu++2b", "c++23", "gnu++23", "c++2c", "gnu++2c", "c++26", "gnu++26"})
    if (s == ok) return true;
  return false;
}

bool valid_c_std(const std::string& s) {
  for (const char* ok : {"c89",          "c90",
                         "c99",          "c9x",
                         "c11",          "c1x",
                         "c17",          "c18",
                         "c2x",          "c23",
                         "gnu89",        "gnu90",
                         "gnu99",        "gnu9x",
                         "gnu11",        "gnu1x",
                         "gnu17",        "gnu18",
                         "gnu2x",        "gnu23",
                         "iso9899:1990", "iso9899:199409",
                         "iso9899:1999", "iso9899:2011",
                         "iso9899:2017", "iso9899:2018"})
    if (s == ok) return true;
  return false;
}

const toml::table& table_value(const std::string& file, const std::string& name, const toml::node& node) {
  const toml::table* t = node.as_table();
  if (!t) throw ConfigError{where(file, node.source()) + name + " must be a table"};
  return *t;
}

[[noreturn]] void unknown_key(const std::string& file, const toml::key& k, const std::string& in) {
  throw ConfigError{where(file, k.source()) + "unknown key \"" + std::string(k.str()) + "\"" + in};
}

void check_std(const std::string& file, const std::string& full, const std::string& name, const toml::node& v,
               const std::string& value) {
  if (name == "std" && !valid_cxx_std(value))
    throw ConfigError{
        where(file, v.source()) + full + " = \"" + value +
        "\" is not supported: test files include <cxxtest/cxxtest.h>, which needs c++17 or newer "
        "(c++17, c++20, c++23, gnu++17, ...); library code in an older standard can keep it "
        "through compile_commands or flags in its own [package]"};
  if (name == "c_std" && !valid_c_std(value))
    throw ConfigError{where(file, v.source()) + full + " = \"" + value +
                      "\" is not a C standard (c89, c99, c11, c17, gnu99, gnu11, gnu17, ...)"};
}

BuildSettings read_build(const std::string& file, const std::string& section, const toml::table& t,
                         bool package_level, Config& c) {
  BuildSettings s;
  for (auto&& [k, v] : t) {
    const BuildKey* key = nullptr;
    for (const auto& bk : kBuildKeys)
      if (k.str() == bk.name && (package_level || !bk.package_only)) key = &bk;
    if (!key) {
      // What the table takes; a package-only key in [build] says where it goes.
      std::string want;
      for (const auto& bk : kBuildKeys)
        if (package_level || !bk.package_only) want += (want.empty() ? "" : ", ") + std::string(bk.name);
      bool package_key = false;
      for (const auto& bk : kBuildKeys) package_key |= bk.package_only && k.str() == bk.name;
      if (package_key)
        unknown_key(file, k,
                    " in [" + section + "] (it belongs in a [package.\"dir\"] table" +
                        (k.str() == "exclude" ? ", or [module] for the whole module" : "") + ")");
      unknown_key(file, k, " in [" + section + "] (want " + want + ")");
    }
    std::string full = section + "." + std::string(k.str());
    if (key->scalar) {
      s.*(key->scalar) = string_value(file, full, v);
      check_std(file, full, key->name, v, s.*(key->scalar));
      c.locations[full] = location(file, v.source());
    } else if (std::string_view(key->name) == "exclude") {
      s.*(key->list) = glob_list_value(file, full, v);
    } else {
      s.*(key->list) = list_value(file, full, v);
      if (std::string_view(key->name) == "deps") c.locations[full] = location(file, v.source());
    }
  }
  return s;
}

// Go's module path rules: '/'-separated elements of ASCII letters, digits
// and "-._~", none empty, none beginning or ending with '.'. The name is part
// of cache paths (fuzz/<module>/...), so nothing may climb out of them.
std::string module_path_problem(const std::string& path) {
  if (path.front() == '/') return "it must not begin with '/'";
  if (path.front() == '-') return "it must not begin with '-'";
  size_t start = 0;
  while (true) {
    size_t slash = path.find('/', start);
    std::string elem = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (elem.empty()) return "it has an empty path element (\"//\" or a trailing '/')";
    if (elem.front() == '.' || elem.back() == '.') return "element \"" + elem + "\" begins or ends with '.'";
    for (char ch : elem)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '.' && ch != '_' && ch != '~')
        return std::string("element \"") + elem + "\" holds '" + ch + "' (allowed: letters, digits, - . _ ~)";
    if (slash == std::string::npos) return "";
    start = slash + 1;
  }
}

void read_module(const std::string& file, const toml::table& t, Config& c) {
  for (auto&& [k, v] : t) {
    if (k.str() == "exclude") {
      c.exclude = glob_list_value(file, "module.exclude", v);
      continue;
    }
    if (k.str() != "name") unknown_key(file, k, " in [module] (want name or exclude)");
    c.module = string_value(file, "module.name", v);
    std::string problem = module_path_problem(c.module);
    if (!problem.empty())
      throw ConfigError{where(file, v.source()) + "module.name \"" + c.module +
                        "\" is not a valid module path: " + problem};
  }
}

void read_fuzz(const std::string& file, const toml::table& t, Config& c) {
  for (auto&& [k, v] : t) {
    std::string name(k.str());
    std::string full = "fuzz." + name;
    if (name == "noinstrument") c.noinstrument = glob_list_value(file, full, v);
    else if (name == "detect_leaks") c.fuzz.detect_leaks = bool_value(file, full, v);
    else if (name == "cmp_guidance") c.fuzz.cmp_guidance = bool_value(file, full, v);
    else if (name == "laf") {
      c.fuzz.laf = bool_value(file, full, v);
      c.locations[full] = location(file, v.source());
    } else unknown_key(file, k, " in [fuzz] (want noinstrument, detect_leaks, cmp_guidance or laf)");
  }
}

std::string clean_package_dir(std::string dir) {
  while (dir.size() > 2 && dir.compare(0, 2, "./") == 0) dir.erase(0, 2);
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir.empty() ? "." : dir;
}

void read_packages(const std::string& file, const toml::table& t, Config& c) {
  for (auto&& [k, v] : t) {
    std::string dir = clean_package_dir(std::string(k.str()));
    if (dir.find("..") != std::string::npos || dir[0] == '/')
      throw ConfigError{where(file, k.source()) + "package \"" + std::string(k.str()) +
                        "\" must be a directory inside the module"};
    c.packages[dir] = read_build(file, "package." + dir, table_value(file, "package." + dir, v), true, c);
    c.locations["package." + dir] = location(file, k.source());
  }
}

bool dep_name_ok(const std::string& name) {
  if (name.empty()) return false;
  for (char ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-' && ch != '.') return false;
  return name != "." && name != "..";
}

DepSpec read_dep(const std::string& file, const std::string& name, const toml::table& t,
                 const std::filesystem::path& root) {
  DepSpec d;
  d.name = name;
  d.where = where(file, t.source());
  d.where.pop_back();  // "file:L:C: " -> "file:L:C:"
  d.where.pop_back();
  std::string section = "deps." + name;
  bool has_source = false;
  for (auto&& [k, v] : t) {
    std::string key(k.str());
    std::string full = section + "." + key;
    if (key == "source") {
      std::filesystem::path p = string_value(file, full, v);
      d.source = (p.is_absolute() ? p : root / p).lexically_normal();
      has_source = true;
    } else if (key == "build") {
      d.build = string_value(file, full, v);
      if (d.build != "cmake" && d.build != "autotools" && d.build != "meson" && d.build != "make" &&
          d.build != "command")
        throw ConfigError{
            where(file, v.source()) + full + " = \"" + d.build +
            "\" is not a build system cxxtest drives (want cmake, autotools, meson, make or command)"};
    } else if (key == "options") d.options = list_value(file, full, v);
    else if (key == "targets") d.targets = list_value(file, full, v);
    else if (key == "command") d.command = string_value(file, full, v);
    else if (key == "include_dirs") d.include_dirs = list_value(file, full, v);
    else if (key == "libs") d.libs = list_value(file, full, v);
    else if (key == "link") d.link = list_value(file, full, v);
    else if (key == "link_only") d.link_only = bool_value(file, full, v);
    else if (key == "whole_archive") d.whole_archive = bool_value(file, full, v);
    else if (key == "noinstrument") d.noinstrument = glob_list_value(file, full, v);
    else
      unknown_key(
          file, k,
          " in [" + section +
              "] (want source, build, options, targets, command, include_dirs, libs, link, link_only, "
              "whole_archive or noinstrument)");
  }
  if (!has_source)
    throw ConfigError{where(file, t.source()) + "[" + section + "] needs source = \"path/to/library\""};
  if (d.build == "command" && d.command.empty())
    throw ConfigError{where(file, t.source()) + "[" + section + "] has build = \"command\" but no command"};
  // Otherwise the command would be silently left out of the build.
  if (!d.command.empty() && !d.build.empty() && d.build != "command")
    throw ConfigError{where(file, t.source()) + "[" + section + "] has a command but build = \"" + d.build +
                      "\" (a command is the build of build = \"command\"; leave out one of the two)"};
  if (!d.command.empty() && d.build.empty()) d.build = "command";
  return d;
}

// In the file's order: a dep is built after those it may need, listed
// before it (toml::table keeps its keys sorted, so they are put back in the
// order of their place in the file).
void read_deps(const std::string& file, const toml::table& t, Config& c) {
  std::vector<std::pair<const toml::key*, const toml::node*>> in_file;
  for (auto&& [k, v] : t) in_file.emplace_back(&k, &v);
  auto place = [](const toml::key* k) { return std::pair{k->source().begin.line, k->source().begin.column}; };
  std::stable_sort(in_file.begin(), in_file.end(),
                   [&](const auto& a, const auto& b) { return place(a.first) < place(b.first); });
  for (const auto& [k, v] : in_file) {
    std::string name(k->str());
    if (!dep_name_ok(name))
      throw ConfigError{where(file, k->source()) + "dependency name \"" + name +
                        "\" may hold only letters, digits, '_', '-' and '.'"};
    c.deps.push_back(read_dep(file, name, table_value(file, "deps." + name, *v), c.root));
  }
}

// Every [package] deps entry names a [deps] table.
void check_package_deps(const std::string& file, const Config& c) {
  for (const auto& [dir, s] : c.packages)
    for (const auto& name : s.deps) {
      bool found = false;
      for (const auto& d : c.deps) found = found || d.name == name;
      if (found) continue;
      auto at = c.locations.find("package." + dir + ".deps");
      throw ConfigError{(at != c.locations.end() ? at->second : file) + ": [package.\"" + dir +
                        "\"] deps names \"" + name + "\", which has no [deps." + name + "] table"};
    }
}

Config read_config(const toml::table& root, const std::string& file,
                   const std::filesystem::path& module_root) {
  Config c;
  c.root = module_root;
  bool has_module = false;
  for (auto&& [k, v] : root) {
    std::string name(k.str());
    if (name == "module") {
      read_module(file, table_value(file, name, v), c);
      has_module = true;
    } else if (name == "build") c.build = read_build(file, "build", table_value(file, name, v), false, c);
    else if (name == "package") read_packages(file, table_value(file, name, v), c);
    else if (name == "fuzz") read_fuzz(file, table_value(file, name, v), c);
    else if (name == "deps") read_deps(file, table_value(file, name, v), c);
    else unknown_key(file, k, " (want module, build, package, deps or fuzz)");
  }
  check_package_deps(file, c);
  if (!has_module || c.module.empty()) throw ConfigError{file + ":1:1: missing [module] name = \"...\""};
  // A compiler given as a relative path is the module's file: builds run in
  // other directories (ninja's, a dep's).
  auto from_root = [&](std::string& compiler) {
    if (compiler.find('/') != std::string::npos && std::filesystem::path(compiler).is_relative())
      compiler = (c.root / compiler).lexically_normal().string();
  };
  for (auto* s : {&c.build.compiler, &c.build.c_compiler}) from_root(*s);
  for (auto& [dir, s] : c.packages)
    for (auto* p : {&s.compiler, &s.c_compiler}) from_root(*p);
  if (c.build.compiler.empty()) c.build.compiler = "clang++";
  if (c.build.c_compiler.empty()) c.build.c_compiler = c_compiler_beside(c.build.compiler);
  if (c.build.std.empty()) c.build.std = "c++20";
  return c;
}

}  // namespace

std::string c_compiler_beside(const std::string& cxx_compiler) {
  // clang++-16 -> clang-16, /usr/lib/llvm-16/bin/clang++ -> .../clang.
  size_t base = cxx_compiler.rfind('/');
  base = base == std::string::npos ? 0 : base + 1;
  size_t at = cxx_compiler.find("clang++", base);
  if (at == std::string::npos) return "clang";
  std::string c = cxx_compiler.substr(0, at) + "clang" + cxx_compiler.substr(at + 7);
  return find_in_path(c).empty() ? "clang" : c;
}

BuildSettings BuildSettings::merged(const BuildSettings& over) const {
  BuildSettings out = *this;
  for (const auto& key : kBuildKeys) {
    if (key.scalar && !(over.*(key.scalar)).empty()) out.*(key.scalar) = over.*(key.scalar);
    if (key.list)
      (out.*(key.list)).insert((out.*(key.list)).end(), (over.*(key.list)).begin(), (over.*(key.list)).end());
  }
  return out;
}

BuildSettings Config::for_package(const std::string& rel_dir) const {
  auto it = packages.find(rel_dir);
  return it == packages.end() ? build : build.merged(it->second);
}

namespace {
// glob_match, and "dir/**" also matches "dir" itself.
bool exclude_match(const std::string& glob, const std::string& path) {
  if (cxxtest::instrument::glob_match(glob, path)) return true;
  return glob.size() > 3 && glob.compare(glob.size() - 3, 3, "/**") == 0 &&
         cxxtest::instrument::glob_match(std::string_view(glob).substr(0, glob.size() - 3), path);
}
}  // namespace

std::string Config::location_of(const std::string& key) const {
  auto it = locations.find(key);
  return it == locations.end() ? "cxxtest.toml" : it->second;
}

bool Config::excluded(const std::string& rel_path) const {
  auto glob_match = exclude_match;
  // The path itself and each directory above it, so "tools" or "tools/**"
  // leaves out everything below tools/.
  for (std::string p = rel_path; !p.empty() && p != ".";) {
    for (const auto& g : exclude)
      if (glob_match(g, p)) return true;
    size_t slash = p.rfind('/');
    std::string dir = slash == std::string::npos ? "." : p.substr(0, slash);
    if (auto it = packages.find(dir); it != packages.end() && !it->second.exclude.empty()) {
      std::string file_in_pkg = dir == "." ? rel_path : rel_path.substr(dir.size() + 1);
      std::string here_in_pkg = dir == "." ? p : p.substr(dir.size() + 1);
      for (const auto& g : it->second.exclude)
        if (glob_match(g, file_in_pkg) || glob_match(g, here_in_pkg)) return true;
    }
    if (slash == std::string::npos) break;
    p = dir;
  }
  return false;
}

Expected<Config> parse_config(const std::string& text, const std::filesystem::path& file) {
  std::string shown = file.filename().string();
  try {
    toml::table root = toml::parse(text, file.string());
    return read_config(root, shown, file.parent_path());
  } catch (const toml::parse_error& e) {
    return Error{where(shown, e.source()) + std::string(e.description())};
  } catch (const ConfigError& e) {
    return Error{e.message};
  }
}

Expected<Config> load_config(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error{file.string() + ": cannot read"};
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_config(ss.str(), file);
}

std::string starter_config(const std::string& module_name) {
  return "# cxxtest module configuration. See `man cxxtest`.\n"
         "[module]\n"
         "name = \"" +
         module_name +
         "\"\n"
         "\n"
         "[build]\n"
         "compiler = \"clang++\"\n"
         "std = \"c++20\"\n"
         "include_dirs = []   # the module root is always one\n"
         "defines = []\n"
         "flags = []\n"
         "libs = []\n"
         "pkg_config = []\n"
         "\n"
         "# Per-package overrides: lists are appended, compiler and std replace.\n"
         "# [package.\"parser\"]\n"
         "# flags = [\"-O2\"]\n"
         "\n"
         "[fuzz]\n"
         "noinstrument = []   # globs of code never to instrument, e.g. \"third_party/**\"\n"
         "# detect_leaks = true   # under -asan, an input that leaks memory is a failure\n"
         "# cmp_guidance = true   # learn compared values (memcmp, ==, switch) as mutation tokens\n"
         "# laf = false           # split wide compares into byte steps (laf-intel pass)\n";
}

}  // namespace cxxtest::driver
