#include "driver/config.h"

#include <fstream>
#include <sstream>
#include <toml++/toml.h>

namespace cxxtest::driver {

namespace {

// Thrown inside this file only, turned into an Error by parse_config.
struct ConfigError {
  std::string message;
};

std::string where(const std::string& file, const toml::source_region& src) {
  return file + ":" + std::to_string(src.begin.line) + ":" + std::to_string(src.begin.column) + ": ";
}

std::string string_value(const std::string& file, const std::string& key, const toml::node& node) {
  if (!node.is_string())
    throw ConfigError{where(file, node.source()) + key + " must be a string"};
  std::string s = *node.value<std::string>();
  if (s.empty()) throw ConfigError{where(file, node.source()) + key + " must not be empty"};
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
  }
  return out;
}

bool bool_value(const std::string& file, const std::string& key, const toml::node& node) {
  if (!node.is_boolean())
    throw ConfigError{where(file, node.source()) + key + " must be true or false"};
  return *node.value<bool>();
}

// The one table of build keys: name, and where its value goes.
using ScalarField = std::string BuildSettings::*;
using ListField = std::vector<std::string> BuildSettings::*;
struct BuildKey { const char* name; ScalarField scalar; ListField list; };
const BuildKey kBuildKeys[] = {
    {"compiler", &BuildSettings::compiler, nullptr},
    {"std", &BuildSettings::std, nullptr},
    {"include_dirs", nullptr, &BuildSettings::include_dirs},
    {"defines", nullptr, &BuildSettings::defines},
    {"flags", nullptr, &BuildSettings::flags},
    {"libs", nullptr, &BuildSettings::libs},
    {"pkg_config", nullptr, &BuildSettings::pkg_config},
};

const toml::table& table_value(const std::string& file, const std::string& name, const toml::node& node) {
  const toml::table* t = node.as_table();
  if (!t) throw ConfigError{where(file, node.source()) + name + " must be a table"};
  return *t;
}

[[noreturn]] void unknown_key(const std::string& file, const toml::key& k, const std::string& in) {
  throw ConfigError{where(file, k.source()) + "unknown key \"" + std::string(k.str()) + "\"" + in};
}

BuildSettings read_build(const std::string& file, const std::string& section, const toml::table& t) {
  BuildSettings s;
  for (auto&& [k, v] : t) {
    const BuildKey* key = nullptr;
    for (const auto& bk : kBuildKeys) if (k.str() == bk.name) key = &bk;
    if (!key) unknown_key(file, k, " in [" + section + "]");
    std::string full = section + "." + std::string(k.str());
    if (key->scalar) s.*(key->scalar) = string_value(file, full, v);
    else s.*(key->list) = list_value(file, full, v);
  }
  return s;
}

void read_module(const std::string& file, const toml::table& t, Config& c) {
  for (auto&& [k, v] : t) {
    if (k.str() != "name") unknown_key(file, k, " in [module]");
    c.module = string_value(file, "module.name", v);
    if (c.module.find_first_of(" \t\"\\") != std::string::npos || c.module.back() == '/')
      throw ConfigError{where(file, v.source()) + "module.name \"" + c.module + "\" is not a valid module path"};
  }
}

void read_fuzz(const std::string& file, const toml::table& t, Config& c) {
  for (auto&& [k, v] : t) {
    std::string name(k.str());
    std::string full = "fuzz." + name;
    if (name == "noinstrument") c.noinstrument = list_value(file, full, v);
    else if (name == "detect_leaks") c.fuzz.detect_leaks = bool_value(file, full, v);
    else if (name == "cmp_guidance") c.fuzz.cmp_guidance = bool_value(file, full, v);
    else if (name == "laf") c.fuzz.laf = bool_value(file, full, v);
    else unknown_key(file, k, " in [fuzz] (want noinstrument, detect_leaks, cmp_guidance or laf)");
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
      throw ConfigError{where(file, k.source()) + "package \"" + std::string(k.str()) + "\" must be a directory inside the module"};
    c.packages[dir] = read_build(file, "package." + std::string(k.str()), table_value(file, "package." + dir, v));
  }
}

Config read_config(const toml::table& root, const std::string& file) {
  Config c;
  bool has_module = false;
  for (auto&& [k, v] : root) {
    std::string name(k.str());
    if (name == "module") { read_module(file, table_value(file, name, v), c); has_module = true; }
    else if (name == "build") c.build = read_build(file, "build", table_value(file, name, v));
    else if (name == "package") read_packages(file, table_value(file, name, v), c);
    else if (name == "fuzz") read_fuzz(file, table_value(file, name, v), c);
    else unknown_key(file, k, " (want module, build, package or fuzz)");
  }
  if (!has_module || c.module.empty())
    throw ConfigError{file + ":1:1: missing [module] name = \"...\""};
  if (c.build.compiler.empty()) c.build.compiler = "clang++";
  if (c.build.std.empty()) c.build.std = "c++20";
  return c;
}

}  // namespace

BuildSettings BuildSettings::merged(const BuildSettings& over) const {
  BuildSettings out = *this;
  for (const auto& key : kBuildKeys) {
    if (key.scalar && !(over.*(key.scalar)).empty()) out.*(key.scalar) = over.*(key.scalar);
    if (key.list) (out.*(key.list)).insert((out.*(key.list)).end(), (over.*(key.list)).begin(), (over.*(key.list)).end());
  }
  return out;
}

BuildSettings Config::for_package(const std::string& rel_dir) const {
  auto it = packages.find(rel_dir);
  return it == packages.end() ? build : build.merged(it->second);
}

Expected<Config> parse_config(const std::string& text, const std::filesystem::path& file) {
  std::string shown = file.filename().string();
  try {
    toml::table root = toml::parse(text, file.string());
    Config c = read_config(root, shown);
    c.root = file.parent_path();
    return c;
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
         "name = \"" + module_name + "\"\n"
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
