// flags.cpp: parser and help text for the table in flags.def, following Go's
// flag package (texts of errors and of PrintDefaults included).
#include "flags.h"

#include <charconv>
#include <thread>

namespace cxxtest::runtime {
namespace {

// "parse error" and friends: the reason part of Go's
// `invalid value "x" for flag -test.y: <reason>`. Empty means success.
using Reason = std::string;

Reason set_value(std::string_view v, std::string& out) {
  out = std::string(v);
  return {};
}

template <class Int>
Reason set_int(std::string_view v, Int& out) {
  // Go's strconv.ParseInt/ParseUint with base 0 also takes 0x/0o/0b; decimal
  // (with an optional sign for signed types) covers every real use.
  if (!v.empty() && v[0] == '+') v.remove_prefix(1);
  Int x{};
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec == std::errc::result_out_of_range) return "value out of range";
  if (ec != std::errc() || end != v.data() + v.size() || v.empty()) return "parse error";
  out = x;
  return {};
}
Reason set_value(std::string_view v, uint64_t& out) { return set_int(v, out); }
Reason set_value(std::string_view v, int64_t& out) { return set_int(v, out); }

Reason set_value(std::string_view v, bool& out) {
  for (const char* t : {"1", "t", "T", "TRUE", "true", "True"})
    if (v == t) return out = true, Reason{};
  for (const char* f : {"0", "f", "F", "FALSE", "false", "False"})
    if (v == f) return out = false, Reason{};
  return "parse error";
}

Reason set_value(std::string_view v, Nanos& out) {
  auto d = parse_duration(v);
  if (!d) return "parse error";
  out = *d;
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
Reason set_value(std::string_view v, FlagFuzzTime& out) {
  return set_duration_or_count(v, out, false);
}
Reason set_value(std::string_view v, FlagMinimizeTime& out) {
  return set_duration_or_count(v, out, true);
}

// The default as Go's PrintDefaults shows it; empty when it is the zero value.
std::string default_text(const std::string& s) { return s.empty() ? "" : '"' + s + '"'; }
std::string default_text(bool b) { return b ? "true" : ""; }
std::string default_text(uint64_t n) { return n ? std::to_string(n) : ""; }
std::string default_text(int64_t n) { return n ? std::to_string(n) : ""; }
std::string default_text(Nanos d, int) { return d ? format_duration(d) : ""; }
std::string default_text(const DurationOrCount& d) {
  if (d.count) return std::to_string(d.count) + "x";
  return d.duration ? format_duration(d.duration) : "";
}

struct FlagInfo {
  const char* name;
  const char* usage;
  const char* type_name;  // Go's UnquoteUsage fallback name
  bool is_bool;
  Reason (*set)(Flags&, std::string_view);
  std::string (*default_value)();
};

const char* type_name_of(bool*) { return ""; }
const char* type_name_of(std::string*) { return "string"; }
const char* type_name_of(uint64_t*) { return "uint"; }
const char* type_name_of(int64_t*) { return "int"; }
const char* type_name_of(DurationOrCount*) { return "value"; }

template <class V>
std::string default_of(const V& v) {
  if constexpr (std::is_same_v<V, Nanos>) return default_text(v, 0);
  else return default_text(v);
}

// Nanos and int64_t are the same type: the duration flags are told apart here.
const char* type_name_for(const char* name, const char* fallback) {
  return std::string_view(name) == "timeout" ? "duration" : fallback;
}

const FlagInfo kFlags[] = {
#define CXXTEST_FLAG(TYPE, FIELD, NAME, DEFAULT, USAGE)                                 \
  {NAME, USAGE, type_name_for(NAME, type_name_of(static_cast<Flag##TYPE*>(nullptr))), \
   std::is_same_v<Flag##TYPE, bool>,                                                  \
   [](Flags& f, std::string_view v) { return set_value(v, f.FIELD); },                \
   [] { return default_of(Flags{}.FIELD); }},
#include "flags.def"
#undef CXXTEST_FLAG
};

const FlagInfo* find_flag(std::string_view name) {
  for (const FlagInfo& f : kFlags)
    if (name == f.name) return &f;
  return nullptr;
}

}  // namespace

int64_t default_parallelism() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

ParseResult parse_flags(const std::vector<std::string>& args, Flags& flags) {
  ParseResult r;
  size_t i = 0;
  auto fail = [&](std::string msg) {
    r.status = ParseStatus::Error;
    r.error = std::move(msg);
    return r;
  };
  for (; i < args.size(); ++i) {
    std::string_view s = args[i];
    if (s.size() < 2 || s[0] != '-') break;
    size_t dashes = s[1] == '-' ? 2 : 1;
    if (s == "--") {
      ++i;
      break;
    }
    std::string_view name = s.substr(dashes);
    if (name.empty() || name[0] == '-' || name[0] == '=')
      return fail("bad flag syntax: " + std::string(s));
    size_t eq = name.find('=');
    bool has_value = eq != std::string_view::npos;
    std::string_view value = has_value ? name.substr(eq + 1) : std::string_view();
    if (has_value) name = name.substr(0, eq);
    std::string_view short_name = name.substr(0, 5) == "test." ? name.substr(5) : "";
    const FlagInfo* f = short_name.empty() ? nullptr : find_flag(short_name);
    if (!f) {
      if (name == "help" || name == "h") return r.status = ParseStatus::Help, r;
      return fail("flag provided but not defined: -" + std::string(name));
    }
    if (f->is_bool) {
      if (!has_value) value = "true";
      if (!f->set(flags, value).empty())
        return fail("invalid boolean value \"" + std::string(value) + "\" for -" +
                    std::string(name) + ": parse error");
      continue;
    }
    if (!has_value) {
      if (i + 1 >= args.size()) return fail("flag needs an argument: -" + std::string(name));
      value = args[++i];
    }
    Reason why = f->set(flags, value);
    if (!why.empty())
      return fail("invalid value \"" + std::string(value) + "\" for flag -" +
                  std::string(name) + ": " + why);
  }
  r.rest.assign(args.begin() + long(i), args.end());
  return r;
}

std::string flags_usage() {
  std::string out;
  for (const FlagInfo& f : kFlags) {
    std::string usage = f.usage;
    std::string value_name = f.type_name;
    size_t open = usage.find('`'), close = usage.find('`', open + 1);
    if (open != std::string::npos && close != std::string::npos) {
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
