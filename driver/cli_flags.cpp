#include "driver/cli_flags.h"

#include <algorithm>
#include <filesystem>

#include "runtime/flags/matcher.h"

namespace cxxtest::driver {

namespace {

using cxxtest::runtime::FlagCache;
using cxxtest::runtime::FlagRoute;
using cxxtest::runtime::flag_infos;

// The flag cxxtest takes as -name: every build and Forward row.
const FlagInfo* find_flag(std::string_view name) {
  for (const FlagInfo& f : flag_infos())
    if (f.route != FlagRoute::Internal && name == f.name) return &f;
  return nullptr;
}

void* field_owner(const FlagInfo& f, Options& o) {
  return f.route == FlagRoute::Build ? static_cast<void*>(&o.build) : static_cast<void*>(&o.test);
}

// What cxxtest checks beyond the shared parser, so that a mistake is one
// usage error before anything is built: "" when fine, else the reason.
std::string check_more(const FlagInfo& f, const std::string& value) {
  std::string_view type = f.type;
  using cxxtest::runtime::Regexp;
  if (type == "Positive") return std::stoll(value) > 0 ? "" : "must be a positive integer";
  if (type == "Path") return value.empty() ? "empty path" : "";
  std::string error;
  if (type == "Pattern")  // per level, as the binary compiles it (matcher.h)
    for (const auto& levels : cxxtest::runtime::split_pattern(value))
      for (const auto& level : levels)
        if (!Regexp::compile(cxxtest::runtime::rewrite_name(level), error)) return error;
  if (type == "Regexp") Regexp::compile(value, error);
  return error;
}

}  // namespace

std::vector<std::string> Options::test_binary_args() const {
  std::vector<std::string> out;
  for (const FlagInfo* f : given) {
    if (f->route != FlagRoute::Forward) continue;
    std::string value = f->format(&test);
    if (std::string_view(f->type) == "Path") {  // the binary runs in its package's directory
      std::error_code ec;
      std::filesystem::path abs = std::filesystem::absolute(value, ec);
      if (!ec) value = abs.lexically_normal().string();
    }
    out.push_back("-test." + std::string(f->name) + "=" + value);
  }
  out.insert(out.end(), binary_args.begin(), binary_args.end());
  return out;
}

bool Options::cacheable() const {
  for (const FlagInfo* f : given)
    if (f->cache == FlagCache::Uncached) return false;
  return binary_args.empty();
}

Expected<Options> parse_options(const std::vector<std::string>& args) {
  Options opts;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-args" || arg == "--args") {
      opts.binary_args.assign(args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') {
      opts.packages.push_back(arg);
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    size_t eq = body.find('=');
    std::string name = body.substr(0, eq);
    const FlagInfo* f = find_flag(name);
    if (!f) return Error{"flag provided but not defined: -" + name};
    std::string value;
    if (eq != std::string::npos) value = body.substr(eq + 1);
    else if (f->is_bool) value = "true";
    else if (i + 1 < args.size()) value = args[++i];
    else return Error{"flag needs an argument: -" + name};
    std::string problem = f->set(field_owner(*f, opts), value);
    if (problem.empty()) problem = check_more(*f, value);
    if (!problem.empty()) return Error{"invalid value \"" + value + "\" for flag -" + name + ": " + problem};
    if (std::find(opts.given.begin(), opts.given.end(), f) == opts.given.end()) opts.given.push_back(f);
  }
  if (!opts.test.fuzzimport.empty() && !opts.fuzzing()) return Error{"-fuzzimport requires -fuzz"};
  return opts;
}

std::string flags_help() {
  std::string build = "Build flags:\n",
              test = "\nTest flags (also passed to the test binary as -test.NAME):\n";
  for (const FlagInfo& f : flag_infos()) {
    if (f.route == FlagRoute::Internal) continue;
    cxxtest::runtime::UsageText u = cxxtest::runtime::usage_text(f);
    std::string head = std::string("  -") + f.name;
    if (!u.value_name.empty()) head += " " + u.value_name;
    std::string def = f.default_text();
    if (!def.empty() && std::string_view(f.type) != "Positive") u.text += " (default " + def + ")";
    std::string line = head + std::string(head.size() < 26 ? 26 - head.size() : 1, ' ') + u.text + "\n";
    (f.route == FlagRoute::Build ? build : test) += line;
  }
  return build + test;
}

}  // namespace cxxtest::driver
