// ini.cpp: see ini.h. Mirrors bench/targets/speed/go/ini/ini.go.
#include "ini/ini.h"

namespace ini {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '.' || c == '-';
}
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool valid_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_name_char(c)) return false;
  return true;
}

bool equal_fold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

bool is_bool(std::string_view v) {
  for (std::string_view w : {"true", "false", "yes", "no", "on", "off"})
    if (equal_fold(v, w)) return true;
  return false;
}

// Decimal or 0x hex integer with optional sign that fits in 64 bits.
bool is_int(std::string_view v) {
  if (!v.empty() && (v[0] == '+' || v[0] == '-')) v.remove_prefix(1);
  uint64_t base = 10;
  if (v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
    base = 16;
    v.remove_prefix(2);
  }
  if (v.empty()) return false;
  uint64_t n = 0;
  for (char c : v) {
    if (base == 10 ? !is_digit(c) : !is_hex(c)) return false;
    uint64_t d = is_digit(c) ? uint64_t(c - '0') : uint64_t(lower(c) - 'a' + 10);
    if (n > (UINT64_MAX - d) / base) return false;
    n = n * base + d;
  }
  return true;
}

// digits '.' digits [(e|E) [sign] digits]
bool is_float(std::string_view v) {
  size_t i = 0, n = v.size();
  if (i < n && (v[i] == '+' || v[i] == '-')) ++i;
  size_t start = i;
  while (i < n && is_digit(v[i])) ++i;
  if (i == start || i == n || v[i] != '.') return false;
  size_t frac = ++i;
  while (i < n && is_digit(v[i])) ++i;
  if (i == frac) return false;
  if (i == n) return true;
  if (v[i] != 'e' && v[i] != 'E') return false;
  ++i;
  if (i < n && (v[i] == '+' || v[i] == '-')) ++i;
  size_t exp = i;
  while (i < n && is_digit(v[i])) ++i;
  return i > exp && i == n;
}

// A "quoted" value: valid escapes, closed, then nothing but a comment.
bool is_quoted(std::string_view v) {
  size_t i = 1;
  for (; i < v.size() && v[i] != '"'; ++i) {
    if (v[i] != '\\') continue;
    if (++i == v.size()) return false;
    char e = v[i];
    if (e == 'x') {
      if (i + 2 >= v.size() || !is_hex(v[i + 1]) || !is_hex(v[i + 2])) return false;
      i += 2;
    } else if (e != '\\' && e != '"' && e != 'n' && e != 't') {
      return false;
    }
  }
  if (i >= v.size()) return false;
  std::string_view rest = trim(v.substr(i + 1));
  return rest.empty() || rest[0] == ';' || rest[0] == '#';
}

// Counts one value; false when it is malformed.
bool classify(std::string_view v, Stats& st) {
  if (!v.empty() && v[0] == '"') {
    if (!is_quoted(v)) return false;
    st.quoted++;
  } else if (is_bool(v)) {
    st.bools++;
  } else if (is_int(v)) {
    st.ints++;
  } else if (is_float(v)) {
    st.floats++;
  } else {
    st.strings++;
  }
  return true;
}

bool section(std::string_view line, Stats& st) {
  if (line.back() != ']') return false;
  std::string_view name = trim(line.substr(1, line.size() - 2));
  if (!valid_name(name)) return false;
  int depth = 1;
  for (char c : name) depth += c == '.';
  if (depth > st.max_depth) st.max_depth = depth;
  st.sections++;
  return true;
}

bool key_value(std::string_view line, Stats& st) {
  size_t eq = line.find_first_of("=:");
  if (eq == std::string_view::npos || !valid_name(trim(line.substr(0, eq)))) return false;
  st.keys++;
  return classify(trim(line.substr(eq + 1)), st);
}

}  // namespace

Stats parse(std::string_view text) {
  Stats st;
  int lineno = 0;
  bool continued = false;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    lineno++;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = trim(line);
    bool was_continued = continued;
    continued = !line.empty() && line.back() == '\\';
    if (was_continued) {
      st.continuations++;
      continue;
    }
    if (line.empty()) continue;
    bool ok = true;
    if (line[0] == ';' || line[0] == '#') {
      st.comments++;
    } else if (line[0] == '[') {
      ok = section(line, st);
    } else {
      ok = key_value(line, st);
    }
    if (!ok && st.errors++ == 0) st.first_error_line = lineno;
  }
  return st;
}

}  // namespace ini
