#include "fuzz/dictionary.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace cxxtest::fuzz {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '@' ||
         c == '-' || c == '.';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Decodes the quoted value `q` (quotes included); "" on success, else why.
std::string unquote(std::string_view q, std::string& value) {
  if (q.size() < 2 || q.front() != '"' || q.back() != '"') return "want a value in double quotes";
  for (size_t i = 1; i + 1 < q.size(); ++i) {
    char c = q[i];
    if (c == '"') return "unescaped '\"' inside the value (write \\\")";
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
      return "non-printable byte inside the value (write it as \\xHH)";
    if (c != '\\') {
      value += c;
      continue;
    }
    if (i + 2 >= q.size()) return "'\\' at the end of the value";
    char e = q[++i];
    if (e == '\\' || e == '"') {
      value += e;
      continue;
    }
    if (e != 'x') return std::string("unknown escape \\") + e + " (want \\\\, \\\" or \\xHH)";
    int hi = i + 2 < q.size() ? hex_digit(q[i + 1]) : -1, lo = i + 2 < q.size() ? hex_digit(q[i + 2]) : -1;
    if (hi < 0 || lo < 0) return "\\x must be followed by two hex digits";
    value += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return "";
}

// One non-blank, non-comment line: [name '='] quoted-value.
std::string parse_line(std::string_view line, std::string& value) {
  size_t quote = line.find('"');
  if (quote == std::string_view::npos) return "want name=\"value\" or \"value\"";
  if (quote > 0) {
    std::string_view head = trim(line.substr(0, quote));
    if (head.empty() || head.back() != '=') return "want '=' between the name and the value";
    std::string_view name = trim(head.substr(0, head.size() - 1));
    if (name.empty()) return "missing name before '='";
    for (char c : name)
      if (!is_name_char(c)) return "bad character '" + std::string(1, c) + "' in the name";
  }
  return unquote(line.substr(quote), value);
}

}  // namespace

bool parse_dictionary(std::string_view text, std::vector<std::string>& out, DictError& err) {
  int number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trim(text.substr(start, end - start));
    ++number;
    start = end + 1;
    if (line.empty() || line[0] == '#') continue;
    std::string value;
    std::string problem = parse_line(line, value);
    if (!problem.empty()) {
      err = DictError{number, problem};
      return false;
    }
    if (!value.empty()) out.push_back(std::move(value));
  }
  return true;
}

bool load_dictionary(const std::filesystem::path& file, std::vector<std::string>& out, DictError& err) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return true;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    err = DictError{0, std::string("cannot read: ") + std::strerror(errno)};
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_dictionary(ss.str(), out, err);
}

std::string quote_dictionary_value(std::string_view value) {
  static const char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (char c : value) {
    auto b = static_cast<unsigned char>(c);
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (b < 0x20 || b >= 0x7f) {
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace cxxtest::fuzz
