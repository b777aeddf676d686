// flags.cpp: parser and help text for the table in flags.def, following Go's
// flag package (texts of errors and of PrintDefaults included).
#include "flags.h"

#include <charconv>
#include <thread>
#include <type_traits>

namespace cxxtest::runtime {
namespace {

// The reason part of Go's `invalid value "x" for flag -test.y: <reason>`.
// Empty means success.
using Reason = std::string;

template <class Int>
Reason set_int(std::string_view v, Int& out) {
  // Go's ParseInt/ParseUint with base 0 also take 0x/0o/0b; decimal (with an
  // optional sign) covers every real use.
  if (!v.empty() && v[0] == '+') v.remove_prefix(1);
  Int x{};
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec == std::errc::result_out_of_range) return "value out of range";
  if (v.empty() || ec != std::errc() || end != v.data() + v.size()) return "parse error";
  out = x;
  return {};
}

// Go's durationOrCountFlag.Set.
Reason set_duration_or_count(std::string_view v, DurationOrCount& out, bool allow_zero) {
  if (!v.empty() && v.back() == 'x') {
    int64_t n = 0;
    if (!set_int(v.substr(0, v.size() - 1), n).empty() || n < 0 || (!allow_zero && n == 0))
      return "invalid count";
    out = {0, n};
    return {};
  }
  auto d = parse_duration(v);
  if (!d || *d < 0 || (!allow_zero && *d == 0)) return "invalid duration";
  out = {*d, 0};
  return {};
}

// Per flag type (the TYPE column of flags.def): set_TYPE parses a value,
// default_TYPE shows a default as Go's PrintDefaults does (empty for the zero
// value), kTypeName_TYPE names the value when the usage has no `word`.
Reason set_Bool(std::string_view v, bool& out) {
  for (const char* t : {"1", "t", "T", "TRUE", "true", "True"})
    if (v == t) return out = true, Reason{};
  for (const char* f : {"0", "f", "F", "FALSE", "false", "False"})
    if (v == f) return out = false, Reason{};
  return "parse error";
}
Reason set_String(std::string_view v, std::string& out) { return out = std::string(v), Reason{}; }
Reason set_Count(std::string_view v, uint64_t& out) { return set_int(v, out); }
Reason set_Int(std::string_view v, int64_t& out) { return set_int(v, out); }
Reason set_Duration(std::string_view v, Nanos& out) {
  auto d = parse_duration(v);
  if (!d) return "parse error";
  out = *d;
  return {};
}
Reason set_FuzzTime(std::string_view v, FlagFuzzTime& out) { return set_duration_or_count(v, out, false); }
Reason set_MinimizeTime(std::string_view v, FlagMinimizeTime& out) {
  return set_duration_or_count(v, out, true);
}

std::string default_Bool(bool b) { return b ? "true" : ""; }
std::string default_String(const std::string& s) { return s.empty() ? "" : '"' + s + '"'; }
std::string default_Count(uint64_t n) { return n ? std::to_string(n) : ""; }
std::string default_Int(int64_t n) { return n ? std::to_string(n) : ""; }
std::string default_Duration(Nanos d) { return d ? format_duration(d) : ""; }
std::string default_FuzzTime(const DurationOrCount& d) {
  if (d.count) return std::to_string(d.count) + "x";
  return d.duration ? format_duration(d.duration) : "";
}
std::string default_MinimizeTime(const DurationOrCount& d) { return default_FuzzTime(d); }

constexpr const char* kTypeName_Bool = "";
constexpr const char* kTypeName_String = "string";
constexpr const char* kTypeName_Count = "uint";
constexpr const char* kTypeName_Int = "int";
constexpr const char* kTypeName_Duration = "duration";
constexpr const char* kTypeName_FuzzTime = "value";
constexpr const char* kTypeName_MinimizeTime = "value";

struct FlagInfo {
  const char* name;  // without "test."
  const char* usage;
  const char* type_name;
  bool is_bool;
  Reason (*set)(Flags&, std::string_view);
  std::string (*default_value)();
};

const FlagInfo kFlags[] = {
#define CXXTEST_FLAG(TYPE, FIELD, NAME, DEFAULT, USAGE)                 \
  {NAME,                                                                \
   USAGE,                                                               \
   kTypeName_##TYPE,                                                    \
   std::is_same_v<Flag##TYPE, bool>,                                    \
   [](Flags& f, std::string_view v) { return set_##TYPE(v, f.FIELD); }, \
   [] { return default_##TYPE(Flags{}.FIELD); }},
#include "flags.def"
#undef CXXTEST_FLAG
};

const FlagInfo* find_flag(std::string_view name) {
  if (name.substr(0, 5) != "test.") return nullptr;
  for (const FlagInfo& f : kFlags)
    if (name.substr(5) == f.name) return &f;
  return nullptr;
}

// Applies one flag; `next` is the following argument (nullptr if none) and
// `used_next` is set when it was consumed as the value.
ParseStatus apply_flag(std::string_view arg, const std::string* next, bool& used_next, Flags& flags,
                       std::string& error) {
  std::string_view name = arg.substr(arg[1] == '-' ? 2 : 1);
  if (name.empty() || name[0] == '-' || name[0] == '=')
    return error = "bad flag syntax: " + std::string(arg), ParseStatus::Error;
  size_t eq = name.find('=');
  bool has_value = eq != std::string_view::npos;
  std::string_view value = has_value ? name.substr(eq + 1) : std::string_view("true");
  name = name.substr(0, eq);
  const FlagInfo* f = find_flag(name);
  std::string flag = "-" + std::string(name);
  if (!f) {
    if (name == "help" || name == "h") return ParseStatus::Help;
    return error = "flag provided but not defined: " + flag, ParseStatus::Error;
  }
  if (f->is_bool) {
    if (f->set(flags, value).empty()) return ParseStatus::Ok;
    error = "invalid boolean value \"" + std::string(value) + "\" for " + flag + ": parse error";
    return ParseStatus::Error;
  }
  if (!has_value) {
    if (!next) return error = "flag needs an argument: " + flag, ParseStatus::Error;
    value = *next;
    used_next = true;
  }
  Reason why = f->set(flags, value);
  if (why.empty()) return ParseStatus::Ok;
  error = "invalid value \"" + std::string(value) + "\" for flag " + flag + ": " + why;
  return ParseStatus::Error;
}

}  // namespace

int64_t default_parallelism() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

ParseResult parse_flags(const std::vector<std::string>& args, Flags& flags) {
  ParseResult r;
  size_t i = 0;
  while (i < args.size()) {
    const std::string& s = args[i];
    if (s.size() < 2 || s[0] != '-') break;
    if (s == "--") {
      ++i;
      break;
    }
    bool used_next = false;
    const std::string* next = i + 1 < args.size() ? &args[i + 1] : nullptr;
    r.status = apply_flag(s, next, used_next, flags, r.error);
    if (r.status != ParseStatus::Ok) return r;
    i += used_next ? 2 : 1;
  }
  r.rest.assign(args.begin() + long(i), args.end());
  return r;
}

std::string flags_usage() {
  std::string out;
  for (const FlagInfo& f : kFlags) {
    std::string usage = f.usage;
    std::string value_name = f.type_name;
    size_t open = usage.find('`');
    size_t close = open == std::string::npos ? open : usage.find('`', open + 1);
    if (close != std::string::npos) {
      value_name = usage.substr(open + 1, close - open - 1);
      usage.erase(close, 1);
      usage.erase(open, 1);
    }
    out += "  -test." + std::string(f.name);
    if (!value_name.empty()) out += " " + value_name;
    out += "\n    \t" + usage;
    std::string def = f.default_value();
    if (!def.empty()) out += " (default " + def + ")";
    out += "\n";
  }
  return out;
}

}  // namespace cxxtest::runtime
