// flags/flags.cpp: parser and help text for the table in flags.def, following Go's
// flag package (texts of errors and of PrintDefaults included).
#include "flags.h"

#include <algorithm>
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

// Go's durationOrCountFlag.Set, for -fuzztime and -fuzzminimizetime.
Reason set_duration_or_count(std::string_view v, DurationOrCount& out, bool allow_zero) {
  if (!v.empty() && v.back() == 'x') {
    int64_t n = 0;
    Reason why = set_int(v.substr(0, v.size() - 1), n);
    if (why == "value out of range") return why;
    if (!why.empty() || n < 0 || (!allow_zero && n == 0)) return "invalid count";
    out = {0, n};
    return {};
  }
  auto d = parse_duration(v);
  if (!d || *d < 0 || (!allow_zero && *d == 0)) return "invalid duration";
  out = {*d, 0};
  return {};
}

// Per flag type (the TYPE column of flags.def): set_TYPE parses a value,
// format_TYPE writes one back, default_TYPE shows a default as Go's
// PrintDefaults does (empty for the zero value), kTypeName_TYPE names the
// value when the usage has no `word`.
Reason set_Bool(std::string_view v, bool& out) {
  for (const char* t : {"1", "t", "T", "TRUE", "true", "True"})
    if (v == t) return out = true, Reason{};
  for (const char* f : {"0", "f", "F", "FALSE", "false", "False"})
    if (v == f) return out = false, Reason{};
  return "parse error";
}
Reason set_String(std::string_view v, std::string& out) { return out = std::string(v), Reason{}; }
Reason set_Path(std::string_view v, std::string& out) { return set_String(v, out); }
Reason set_Pattern(std::string_view v, std::string& out) { return set_String(v, out); }
Reason set_Regexp(std::string_view v, std::string& out) { return set_String(v, out); }
Reason set_Shuffle(std::string_view v, std::string& out) {
  int64_t seed = 0;
  if (v != "on" && v != "off" && !set_int(v, seed).empty()) return "must be \"on\", \"off\", or an int64";
  return set_String(v, out);
}
Reason set_Count(std::string_view v, uint64_t& out) { return set_int(v, out); }
Reason set_Positive(std::string_view v, int64_t& out) {
  int n = 0;  // what the value is used as
  Reason why = set_int(v, n);
  if (why.empty()) out = n;
  return why;
}
Reason set_Size(std::string_view v, int64_t& out) {
  int64_t n = 0;
  Reason why = set_int(v, n);
  if (why.empty() && n < 0) return "parse error";
  if (why.empty()) out = n;
  return why;
}
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
Reason set_BenchTime(std::string_view v, FlagBenchTime& out) { return set_duration_or_count(v, out, false); }
// -test.cpu's entries: comma-separated, blanks around each ignored, empty
// ones skipped (Go's parseCpuList). Calls add(n) per entry; returns the
// first entry that is not a positive int, or "" when all are.
template <class Add>
std::string each_cpu(std::string_view list, Add add) {
  for (size_t start = 0; start <= list.size();) {
    size_t comma = std::min(list.find(',', start), list.size());
    std::string_view item = list.substr(start, comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    int n = 0;
    if (!item.empty() && (!set_int(item, n).empty() || n <= 0)) return std::string(item);
    if (!item.empty()) add(n);
    start = comma + 1;
  }
  return {};
}
// Go checks -test.cpu only when the tests start; here a bad entry is a
// usage error before anything runs.
Reason set_CpuList(std::string_view v, std::string& out) {
  std::string bad = each_cpu(v, [](int) {});
  if (!bad.empty()) return "invalid cpu count \"" + bad + "\"";
  return set_String(v, out);
}

std::string format_Bool(bool b) { return b ? "true" : "false"; }
std::string format_String(const std::string& s) { return s; }
std::string format_Count(uint64_t n) { return std::to_string(n); }
std::string format_Int(int64_t n) { return std::to_string(n); }
std::string format_Duration(Nanos d) { return format_duration(d); }
std::string format_FuzzTime(const DurationOrCount& d) {
  return d.count ? std::to_string(d.count) + "x" : format_duration(d.duration);
}
#define format_Path format_String
#define format_Pattern format_String
#define format_Regexp format_String
#define format_Shuffle format_String
#define format_Positive format_Int
#define format_Size format_Int
#define format_MinimizeTime format_FuzzTime
#define format_BenchTime format_FuzzTime
#define format_CpuList format_String

std::string default_Bool(bool b) { return b ? "true" : ""; }
std::string default_String(const std::string& s) { return s.empty() ? "" : '"' + s + '"'; }
std::string default_Int(int64_t n) { return n ? std::to_string(n) : ""; }
std::string default_Duration(Nanos d) { return d ? format_duration(d) : ""; }
std::string default_FuzzTime(const DurationOrCount& d) {
  return d.count || d.duration ? format_FuzzTime(d) : "";
}
#define default_Path default_String
#define default_Pattern default_String
#define default_Regexp default_String
#define default_Shuffle default_String
#define default_Count default_Int
#define default_Positive default_Int
#define default_Size default_Int
#define default_MinimizeTime default_FuzzTime
#define default_BenchTime default_FuzzTime
#define default_CpuList default_String

constexpr const char* kTypeName_Bool = "";
constexpr const char* kTypeName_String = "string";
constexpr const char* kTypeName_Path = "string";
constexpr const char* kTypeName_Pattern = "string";
constexpr const char* kTypeName_Regexp = "string";
constexpr const char* kTypeName_Shuffle = "string";
constexpr const char* kTypeName_Count = "uint";
constexpr const char* kTypeName_Positive = "int";
constexpr const char* kTypeName_Size = "int";
constexpr const char* kTypeName_Duration = "duration";
constexpr const char* kTypeName_FuzzTime = "value";
constexpr const char* kTypeName_MinimizeTime = "value";
constexpr const char* kTypeName_BenchTime = "value";
constexpr const char* kTypeName_CpuList = "string";

// One FlagInfo per row; STRUCT is Flags or BuildFlags.
#define CXXTEST_FLAG_INFO(STRUCT, ROUTE, TYPE, FIELD, NAME, CACHE, USAGE)                             \
  FlagInfo{NAME,                                                                                      \
           #TYPE,                                                                                     \
           kTypeName_##TYPE,                                                                          \
           USAGE,                                                                                     \
           FlagRoute::ROUTE,                                                                          \
           FlagCache::CACHE,                                                                          \
           std::is_same_v<Flag##TYPE, bool>,                                                          \
           [](void* t, std::string_view v) { return set_##TYPE(v, static_cast<STRUCT*>(t)->FIELD); }, \
           [](const void* t) { return format_##TYPE(static_cast<const STRUCT*>(t)->FIELD); },         \
           [] { return default_##TYPE(STRUCT{}.FIELD); }},

const std::vector<FlagInfo> kInfos = {
#define CXXTEST_BUILD_FLAG(TYPE, FIELD, NAME, DEFAULT, CACHE, USAGE) \
  CXXTEST_FLAG_INFO(BuildFlags, Build, TYPE, FIELD, NAME, CACHE, USAGE)
#define CXXTEST_TEST_FLAG(TYPE, FIELD, NAME, DEFAULT, ROUTE, CACHE, USAGE) \
  CXXTEST_FLAG_INFO(Flags, ROUTE, TYPE, FIELD, NAME, CACHE, USAGE)
#include "flags.def"
};

// The test binary's flag named `name` ("test.run"), or nullptr.
const FlagInfo* find_flag(std::string_view name) {
  if (name.substr(0, 5) != "test.") return nullptr;
  for (const FlagInfo& f : kInfos)
    if (f.route != FlagRoute::Build && name.substr(5) == f.name) return &f;
  return nullptr;
}

// What apply_flag made of one argument.
enum class Applied { Ok, NotOurs, Help, Error };

// Applies one flag; `next` is the following argument (nullptr if none) and
// `used_next` is set when it was consumed as the value. A flag not named
// test.* is NotOurs: it starts the test's own arguments.
Applied apply_flag(std::string_view arg, const std::string* next, bool& used_next, Flags& flags,
                   std::string& error) {
  std::string_view name = arg.substr(arg[1] == '-' ? 2 : 1);
  if (name.empty() || name[0] == '-' || name[0] == '=')
    return error = "bad flag syntax: " + std::string(arg), Applied::Error;
  size_t eq = name.find('=');
  bool has_value = eq != std::string_view::npos;
  std::string_view value = has_value ? name.substr(eq + 1) : std::string_view("true");
  name = name.substr(0, eq);
  const FlagInfo* f = find_flag(name);
  std::string flag = "-" + std::string(name);
  if (!f) {
    if (name == "help" || name == "h") return Applied::Help;
    if (name.substr(0, 5) != "test.") return Applied::NotOurs;
    return error = "flag provided but not defined: " + flag, Applied::Error;
  }
  if (f->is_bool) {
    if (f->set(&flags, value).empty()) return Applied::Ok;
    error = "invalid boolean value \"" + std::string(value) + "\" for " + flag + ": parse error";
    return Applied::Error;
  }
  if (!has_value) {
    if (!next) return error = "flag needs an argument: " + flag, Applied::Error;
    value = *next;
    used_next = true;
  }
  Reason why = f->set(&flags, value);
  if (why.empty()) return Applied::Ok;
  error = "invalid value \"" + std::string(value) + "\" for flag " + flag + ": " + why;
  return Applied::Error;
}

}  // namespace

int64_t default_parallelism() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

std::vector<int> cpu_list(const std::string& list) {
  std::vector<int> out;
  each_cpu(list, [&](int n) { out.push_back(n); });
  if (out.empty()) out.push_back(int(default_parallelism()));
  return out;
}

const std::vector<FlagInfo>& flag_infos() { return kInfos; }

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
    Applied a = apply_flag(s, next, used_next, flags, r.error);
    if (a == Applied::NotOurs) break;
    if (a == Applied::Help) r.status = ParseStatus::Help;
    if (a == Applied::Error) r.status = ParseStatus::Error;
    if (r.status != ParseStatus::Ok) return r;
    i += used_next ? 2 : 1;
  }
  r.rest.assign(args.begin() + long(i), args.end());
  return r;
}

UsageText usage_text(const FlagInfo& f) {
  UsageText u{f.type_name, f.usage};
  size_t open = u.text.find('`');
  size_t close = open == std::string::npos ? open : u.text.find('`', open + 1);
  if (close != std::string::npos) {
    u.value_name = u.text.substr(open + 1, close - open - 1);
    u.text.erase(close, 1);
    u.text.erase(open, 1);
  }
  return u;
}

std::string flags_usage() {
  std::string out;
  for (const FlagInfo& f : kInfos) {
    if (f.route == FlagRoute::Build) continue;
    UsageText u = usage_text(f);
    out += "  -test." + std::string(f.name);
    if (!u.value_name.empty()) out += " " + u.value_name;
    out += "\n    \t" + u.text;
    std::string def = f.default_text();
    if (!def.empty()) out += " (default " + def + ")";
    out += "\n";
  }
  return out;
}

}  // namespace cxxtest::runtime
