#include "driver/cli_flags.h"

#include <cctype>
#include <charconv>
#include <climits>
#include <filesystem>
#include <regex>

#include "driver/durations.h"

namespace cxxtest::driver {

namespace {

using K = FlagKind;

const std::vector<FlagDef> kFlags = {
    // name            kind                 test   cache  help
    {"C",                K::String,           false, true,  "change to DIR before doing anything"},
    {"c",                K::Bool,             false, false, "compile the test binary but do not run it (with -o)"},
    {"o",                K::String,           false, false, "write the test binary to FILE (with -c)"},
    {"x",                K::Bool,             false, true,  "print the commands as they run"},
    {"p",                K::PositiveInt,      false, true,  "number of packages built and tested in parallel"},
    {"race",             K::Bool,             false, true,  "build with ThreadSanitizer"},
    {"asan",             K::Bool,             false, true,  "build with AddressSanitizer"},
    {"ubsan",            K::Bool,             false, true,  "build with UndefinedBehaviorSanitizer"},
    {"msan",             K::Bool,             false, true,  "build with MemorySanitizer"},
    {"run",              K::Regexp,           true,  true,  "run only tests and fuzz seeds matching REGEXP (Parent/child)"},
    {"skip",             K::Regexp,           true,  true,  "skip tests matching REGEXP"},
    {"list",             K::Regexp,           true,  true,  "list tests and fuzz targets matching REGEXP, do not run them"},
    {"json",             K::Bool,             false, true,  "print results as go test -json events (test2json format)"},
    {"v",                K::Bool,             true,  true,  "verbose: print every test as it runs, and all logs"},
    {"count",            K::Int,              true,  false, "run each test N times (disables the test cache)"},
    {"timeout",          K::Duration,         true,  true,  "fail a test binary that runs longer than DURATION (default 10m)"},
    {"short",            K::Bool,             true,  true,  "tell long-running tests to shorten their run"},
    {"failfast",         K::Bool,             true,  true,  "do not start new tests after the first failure"},
    {"parallel",         K::PositiveInt,      true,  true,  "run at most N parallel tests at once (default: number of CPUs)"},
    {"fuzz",             K::Regexp,           true,  false, "fuzz the one fuzz target matching REGEXP"},
    {"fuzztime",         K::FuzzTime,         true,  false, "fuzz for DURATION, or Nx executions (default: until a failure)"},
    {"fuzzminimizetime", K::FuzzMinimizeTime, true,  false, "time or Nx runs spent minimizing each input (default 60s)"},
    {"fuzzcachedir",     K::String,           true,  false, "directory for the generated corpus"},
    {"fuzztimeout",      K::Duration,         true,  false, "per-input timeout while fuzzing (default 10s)"},
    {"fuzzrsslimit",     K::Size,             true,  false, "memory limit per fuzzing worker in MB (default 2048)"},
    {"fuzzimport",       K::Path,             true,  false, "import raw input files (a file or a directory of them) into the -fuzz target's testdata/fuzz, then exit"},
};

const FlagDef* find_flag(const std::string& name) {
  for (const auto& f : kFlags)
    if (name == f.name) return &f;
  return nullptr;
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// "" when the digits fit an int (what the flag is read into), else Go's
// "value out of range".
std::string int_range(const std::string& digits) {
  long long x = 0;
  auto r = std::from_chars(digits.data(), digits.data() + digits.size(), x);
  return r.ec == std::errc::result_out_of_range || x > INT_MAX ? "value out of range" : "";
}

// "" when `value` is acceptable for `def`, else the reason.
std::string check_value(const FlagDef& def, const std::string& value) {
  switch (def.kind) {
    case K::Bool:
      return value == "true" || value == "false" ? "" : "parse error";
    case K::Int: case K::Size:
      return all_digits(value) ? int_range(value) : "parse error";
    case K::PositiveInt:
      if (!all_digits(value)) return "must be a positive integer";
      if (!int_range(value).empty()) return int_range(value);
      return std::stoll(value) > 0 ? "" : "must be a positive integer";
    case K::Regexp:
      try { std::regex re(value); } catch (const std::regex_error& e) { return std::string("bad regexp: ") + e.what(); }
      return "";
    case K::Duration:
      return parse_duration(value).value_or(-1) >= 0 ? "" : "invalid duration";
    case K::FuzzTime: return check_fuzz_limit(value, false);
    case K::FuzzMinimizeTime: return check_fuzz_limit(value, true);
    case K::String: return "";
    case K::Path: return value.empty() ? "empty path" : "";
  }
  return "";
}

}  // namespace

const std::vector<FlagDef>& flag_table() { return kFlags; }

std::string Options::get(const std::string& name, const std::string& fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

int Options::int_value(const std::string& name, int fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : std::stoi(it->second);
}

std::vector<std::string> Options::test_binary_args() const {
  std::vector<std::string> out;
  for (const auto& name : order) {
    const FlagDef* def = find_flag(name);
    if (!def || !def->test_flag) continue;
    std::string value = values.at(name);
    if (def->kind == K::Path) {  // the binary runs in its package's directory
      std::error_code ec;
      std::filesystem::path abs = std::filesystem::absolute(value, ec);
      if (!ec) value = abs.lexically_normal().string();
    }
    out.push_back("-test." + name + "=" + value);
  }
  out.insert(out.end(), binary_args.begin(), binary_args.end());
  return out;
}

bool Options::cacheable() const {
  for (const auto& name : order)
    if (!find_flag(name)->cacheable) return false;
  return binary_args.empty();
}

Expected<Options> parse_options(const std::vector<std::string>& args) {
  Options opts;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
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
    const FlagDef* def = find_flag(name);
    if (!def) return Error{"flag provided but not defined: -" + name};
    std::string value;
    if (eq != std::string::npos) value = body.substr(eq + 1);
    else if (def->kind == K::Bool) value = "true";
    else if (i + 1 < args.size()) value = args[++i];
    else return Error{"flag needs an argument: -" + name};
    std::string problem = check_value(*def, value);
    if (!problem.empty())
      return Error{"invalid value \"" + value + "\" for flag -" + name + ": " + problem};
    if (!opts.has(name)) opts.order.push_back(name);
    opts.values[name] = value;
  }
  if (opts.has("fuzzimport") && !opts.has("fuzz")) return Error{"-fuzzimport requires -fuzz"};
  return opts;
}

std::string flags_help() {
  std::string out;
  for (const auto& f : kFlags) {
    std::string head = std::string("  -") + f.name;
    if (f.kind != K::Bool) head += " value";
    out += head + std::string(head.size() < 26 ? 26 - head.size() : 1, ' ') + f.help + "\n";
  }
  return out;
}

}  // namespace cxxtest::driver
