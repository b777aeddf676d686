// corpus/corpus_v1.cpp: encoder and decoder of `cxxtest fuzz v1` (format: corpus_v1.h).
//
// The decoder is a hand-written scanner over one line at a time: a type name,
// "(", a literal whose grammar depends on the type, ")", then only trailing
// whitespace. Every failure sets a message; the caller adds the line number.
#include "corpus_v1.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>

namespace cxxtest::corpus {
namespace {

// ---- Encoding ----------------------------------------------------------

constexpr uint64_t kDoubleNaN = 0x7ff8000000000000;
constexpr uint32_t kFloatNaN = 0x7fc00000;

void append_hex(std::string& out, uint64_t v) {
  char buf[17];
  auto r = std::to_chars(buf, buf + sizeof buf, v, 16);
  out.append(buf, r.ptr);
}

bool is_hex_char(unsigned char c) { return std::isxdigit(c) != 0; }

// Appends byte c as it appears inside a literal delimited by `quote`.
// `next` is the byte written after it (-1: none): C++ reads every hex digit
// after \x, so before a hex digit an escaped byte is three octal digits.
void append_escaped(std::string& out, unsigned char c, char quote, int next = -1) {
  if (c == static_cast<unsigned char>(quote) || c == '\\') {
    out += '\\';
    out += static_cast<char>(c);
  } else if (c >= 0x20 && c < 0x7f) {
    out += static_cast<char>(c);
  } else if (c == '\n') {
    out += "\\n";
  } else if (c == '\t') {
    out += "\\t";
  } else if (c == '\r') {
    out += "\\r";
  } else if (next >= 0 && is_hex_char(static_cast<unsigned char>(next))) {
    out += '\\';
    out += static_cast<char>('0' + (c >> 6));
    out += static_cast<char>('0' + ((c >> 3) & 7));
    out += static_cast<char>('0' + (c & 7));
  } else {
    constexpr char kDigits[] = "0123456789abcdef";
    out += "\\x";
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
}

void append_quoted(std::string& out, std::string_view s, char quote) {
  out += quote;
  for (size_t i = 0; i < s.size(); ++i)
    append_escaped(out, static_cast<unsigned char>(s[i]), quote,
                   i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : -1);
  out += quote;
}

template <class N>
void append_number(std::string& out, N n) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

// F is float or double, U the unsigned integer of the same width.
template <class F, class U>
void append_float(std::string& out, U bits, U canonical_nan, std::string_view type) {
  F x = std::bit_cast<F>(bits);
  if (std::isnan(x) && bits == canonical_nan) {
    out += "NaN";
  } else if (std::isnan(x)) {
    out.append("std::bit_cast<").append(type).append(">(0x");
    append_hex(out, bits);
    out += ')';
  } else if (std::isinf(x)) {
    out += x > 0 ? "+Inf" : "-Inf";
  } else {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, x);
    out.append(buf, r.ptr);
  }
}

// The low `n` bits of `bits`, sign-extended (signed) or zero-extended.
int64_t low_signed(uint64_t bits, int n) { return static_cast<int64_t>(bits << (64 - n)) >> (64 - n); }
uint64_t low_unsigned(uint64_t bits, int n) { return n == 64 ? bits : bits & ((1ull << n) - 1); }

void append_literal(std::string& out, const Value& v) {
  const int n = kind_bits(v.kind);
  switch (v.kind) {
    case Kind::Bytes:
    case Kind::String: append_quoted(out, v.bytes, '"'); return;
    case Kind::Bool: out += v.bits ? "true" : "false"; return;
    case Kind::Char: append_quoted(out, std::string(1, static_cast<char>(v.bits)), '\''); return;
    case Kind::Char32:
      out += "0x";
      append_hex(out, low_unsigned(v.bits, n));
      return;
    case Kind::Float:
      append_float<float, uint32_t>(out, static_cast<uint32_t>(v.bits), kFloatNaN, "float");
      return;
    case Kind::Double: append_float<double, uint64_t>(out, v.bits, kDoubleNaN, "double"); return;
    default: break;
  }
  if (is_signed_kind(v.kind)) append_number(out, low_signed(v.bits, n));
  else append_number(out, low_unsigned(v.bits, n));
}

}  // namespace

std::string encode_value(const Value& v) {
  std::string out(kind_name(v.kind));
  out += '(';
  append_literal(out, v);
  out += ')';
  return out;
}

std::string encode(std::span<const Value> values, std::string_view needs) {
  std::string out(kHeader);
  out += '\n';
  if (!needs.empty()) out.append(kNeedsPrefix).append(needs).append("\n");
  for (const Value& v : values) {
    out += encode_value(v);
    out += '\n';
  }
  return out;
}

// ---- Decoding ----------------------------------------------------------

namespace {

// A position in one line. Every parse_* function returns false with `err`
// set on failure, and on success leaves `i` just past what it consumed.
struct Cursor {
  std::string_view s;
  size_t i = 0;
  std::string err;
  size_t err_at = 0;  // where in s the error is (for its column)

  bool eof() const { return i >= s.size(); }
  char peek() const { return eof() ? '\0' : s[i]; }
  bool eat(std::string_view w) {
    if (s.substr(i, w.size()) != w) return false;
    i += w.size();
    return true;
  }
  bool fail(std::string msg) { return fail_at(i, std::move(msg)); }
  bool fail_at(size_t at, std::string msg) {
    err = std::move(msg);
    err_at = at;
    return false;
  }
  void skip_blanks() {
    while (!eof() && (peek() == ' ' || peek() == '\t')) ++i;
  }
};

// `text` quoted for a message, cut after 60 bytes.
std::string show(std::string_view text) {
  std::string out;
  append_quoted(out, text.substr(0, 60), '"');
  if (text.size() > 60) out += "...";
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// An escape sequence as written, for messages: backslash plus the bytes,
// non-printable ones as \xHH.
std::string show_escape(std::string_view seq) {
  std::string out = "\"";
  for (char ch : seq) {
    unsigned char u = static_cast<unsigned char>(ch);
    if (u >= 0x20 && u < 0x7f) out += ch;
    else append_escaped(out, u, '"');
  }
  return out + "\"";
}

bool parse_octal_escape(Cursor& c, std::string& out) {
  size_t start = c.i - 1;  // the backslash
  int value = 0;
  for (int n = 0; n < 3 && c.peek() >= '0' && c.peek() <= '7'; ++n) value = value * 8 + (c.s[c.i++] - '0');
  if (value > 255)
    return c.fail_at(start,
                     "bad escape " + show_escape(c.s.substr(start, c.i - start)) + ": octal above \\377");
  out += static_cast<char>(value);
  return true;
}

// After a backslash: one escape sequence, appended to `out` as a byte.
// At the end of the line returns false with no message: the caller reports
// the literal as unterminated.
bool parse_escape(Cursor& c, std::string& out) {
  if (c.eof()) return false;
  char e = c.peek();
  if (e >= '0' && e <= '7') return parse_octal_escape(c, out);
  ++c.i;
  static constexpr std::string_view kFrom = "ntrabfv\\'\"?", kTo = "\n\t\r\a\b\f\v\\'\"?";
  if (size_t k = kFrom.find(e); k != std::string_view::npos) {
    out += kTo[k];
    return true;
  }
  if (e != 'x') return c.fail_at(c.i - 2, "bad escape " + show_escape(c.s.substr(c.i - 2, 2)));
  // One or two hex digits. A third is a byte of its own: files written
  // before the writer used octal there hold "\x030" for 03 '0'.
  int value = 0, n = 0;
  for (int d; n < 2 && !c.eof() && (d = hex_digit(c.peek())) >= 0; ++n, ++c.i) value = value * 16 + d;
  if (n == 0) return c.fail_at(c.i - 2, "bad escape \"\\x\": \\x takes one or two hex digits");
  out += static_cast<char>(value);
  return true;
}

// A literal between `quote` characters (`"` string, `'` char) into `out`.
bool parse_quoted(Cursor& c, char quote, std::string& out) {
  const char* what = quote == '"' ? "string literal" : "char literal";
  if (!c.eat(std::string_view(&quote, 1)))
    return c.fail(std::string("want a ") + what + " starting with " + quote + ", got " +
                  show(c.s.substr(c.i)));
  while (!c.eof() && c.peek() != quote) {
    char ch = c.s[c.i++];
    unsigned char u = static_cast<unsigned char>(ch);
    if ((u < 0x20 && ch != '\t') || u == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02x", u);
      std::string escaped;
      append_escaped(escaped, u, quote);
      return c.fail_at(c.i - 1,
                       std::string("raw control byte ") + hex + " in " + what + ": write it as " + escaped);
    }
    if (ch != '\\') {
      out += ch;
    } else if (!parse_escape(c, out)) {
      if (!c.err.empty()) return false;
      break;
    }
  }
  if (!c.eat(std::string_view(&quote, 1))) return c.fail(std::string("unterminated ") + what);
  return true;
}

bool is_token_char(char ch) {
  return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.' || ch == '+' || ch == '-' ||
         ch == '\'';
}

// The maximal run of number-ish characters: [0-9A-Za-z_.+-'].
std::string_view take_token(Cursor& c) {
  size_t start = c.i;
  while (!c.eof() && is_token_char(c.peek())) ++c.i;
  return c.s.substr(start, c.i - start);
}

// `tok` without its digit separators: C++'s ' and Go's _, each between two
// alphanumeric characters (digits of the number's base; what else is there
// fails the number's own parse). Returns false when one is misplaced.
bool drop_separators(std::string_view tok, std::string& out) {
  for (size_t k = 0; k < tok.size(); ++k) {
    if (tok[k] != '\'' && tok[k] != '_') {
      out += tok[k];
      continue;
    }
    bool between = k > 0 && k + 1 < tok.size() && std::isalnum(static_cast<unsigned char>(tok[k - 1])) &&
                   std::isalnum(static_cast<unsigned char>(tok[k + 1]));
    if (!between) return false;
  }
  return true;
}

// The base prefix of integer text (after any '-'): 0x/0X hex, 0b/0B binary,
// 0o/0O (Go) or a leading 0 (C++ and Go) octal; removed from `digits`.
int take_base(std::string_view& digits) {
  if (digits.size() < 2 || digits[0] != '0') return 10;
  char p = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[1])));
  int base = p == 'x' ? 16 : p == 'b' ? 2 : p == 'o' ? 8 : 0;
  if (base) {
    digits.remove_prefix(2);
    return base;
  }
  digits.remove_prefix(1);
  return 8;
}

// Integer literal text: optional '-', then a base prefix (take_base) and
// digits, with separators. Returns false with a message naming `type`
// when malformed or above 2^64-1.
bool parse_magnitude(Cursor& c, std::string_view tok, std::string_view type, bool& neg, uint64_t& mag) {
  size_t at = c.i - tok.size();
  std::string plain;
  if (!drop_separators(tok, plain))
    return c.fail_at(at, "bad integer " + show(tok) + " for " + std::string(type) +
                             ": a digit separator must stand between two digits");
  neg = !plain.empty() && plain[0] == '-';
  std::string_view digits = std::string_view(plain).substr(neg ? 1 : 0);
  int base = take_base(digits);
  auto r = std::from_chars(digits.data(), digits.data() + digits.size(), mag, base);
  bool whole = !digits.empty() && r.ptr == digits.data() + digits.size();
  if (whole && r.ec == std::errc::result_out_of_range)
    return c.fail_at(at, "value " + std::string(tok) + " out of range for " + std::string(type));
  if (!whole || r.ec != std::errc())
    return c.fail_at(at, "bad integer " + show(tok) + " for " + std::string(type));
  return true;
}

// An integer of kind k (signed, unsigned or char32_t), stored as value.h says.
bool parse_integer(Cursor& c, Kind k, uint64_t& bits) {
  std::string_view type = kind_name(k), tok = take_token(c);
  bool neg = false;
  uint64_t mag = 0;
  if (!parse_magnitude(c, tok, type, neg, mag)) return false;
  const int n = kind_bits(k);
  bool fits =
      is_signed_kind(k) ? mag <= (1ull << (n - 1)) - (neg ? 0 : 1) : !neg && (n == 64 || mag < (1ull << n));
  if (!fits)
    return c.fail_at(c.i - tok.size(),
                     "value " + std::string(tok) + " out of range for " + std::string(type));
  bits = neg ? 0 - mag : mag;
  return true;
}

// A float or double literal: decimal, +Inf, -Inf, NaN or std::bit_cast<T>(int).
template <class F, class U>
bool parse_float(Cursor& c, Kind k, U canonical_nan, uint64_t& bits) {
  const std::string type(kind_name(k));
  if (c.eat("std::bit_cast<")) {
    if (!c.eat(type + ">(")) return c.fail("want std::bit_cast<" + type + ">(bits) for " + type);
    if (!parse_integer(c, k == Kind::Float ? Kind::Uint32 : Kind::Uint64, bits)) return false;
    return c.eat(")") || c.fail("missing \")\" after std::bit_cast argument");
  }
  size_t at = c.i;
  std::string_view tok = take_token(c);
  if (tok == "NaN" || tok == "+Inf" || tok == "-Inf") {
    F inf = std::numeric_limits<F>::infinity();
    bits = tok == "NaN" ? canonical_nan : std::bit_cast<U>(tok[0] == '-' ? -inf : inf);
    return true;
  }
  std::string plain;
  bool separators_ok = drop_separators(tok, plain);
  std::string_view unsigned_part = std::string_view(plain).substr(!plain.empty() && plain[0] == '-' ? 1 : 0);
  bool digit_first = !unsigned_part.empty() &&
                     (std::isdigit(static_cast<unsigned char>(unsigned_part[0])) || unsigned_part[0] == '.');
  F x{};
  auto r = std::from_chars(plain.data(), plain.data() + plain.size(), x);
  if (!separators_ok || !digit_first || r.ptr != plain.data() + plain.size() ||
      (r.ec != std::errc() && r.ec != std::errc::result_out_of_range))
    return c.fail_at(at, "bad " + type + " " + show(tok) +
                             ": want a decimal number, +Inf, -Inf, NaN or std::bit_cast<" + type + ">(bits)");
  if (r.ec == std::errc::result_out_of_range)
    return c.fail_at(at, "value " + std::string(tok) + " out of range for " + type);
  bits = std::bit_cast<U>(x);
  return true;
}

bool parse_literal(Cursor& c, Value& v) {
  switch (v.kind) {
    case Kind::Bytes:
    case Kind::String: return parse_quoted(c, '"', v.bytes);
    case Kind::Float: return parse_float<float, uint32_t>(c, v.kind, kFloatNaN, v.bits);
    case Kind::Double: return parse_float<double, uint64_t>(c, v.kind, kDoubleNaN, v.bits);
    case Kind::Bool: {
      std::string_view tok = take_token(c);
      if (tok != "true" && tok != "false")
        return c.fail_at(c.i - tok.size(), "want true or false, got " + show(tok));
      v.bits = tok == "true";
      return true;
    }
    case Kind::Char: {
      std::string one;
      if (!parse_quoted(c, '\'', one)) return false;
      if (one.size() != 1)
        return c.fail("char literal must hold exactly one byte, got " + std::to_string(one.size()));
      v.bits = static_cast<unsigned char>(one[0]);
      return true;
    }
    default: return parse_integer(c, v.kind, v.bits);
  }
}

std::optional<Kind> kind_named(std::string_view name) {
  for (int k = 0; k < kKindCount; ++k)
    if (kind_name(static_cast<Kind>(k)) == name) return static_cast<Kind>(k);
  return std::nullopt;
}

// One value line (already stripped of trailing whitespace).
bool parse_line(Cursor& c, Value& v) {
  size_t start = c.i;
  while (!c.eof() &&
         (std::isalnum(static_cast<unsigned char>(c.peek())) || c.peek() == '_' || c.peek() == ':'))
    ++c.i;
  std::string_view type = c.s.substr(start, c.i - start);
  if (type.empty()) return c.fail("want type(literal), got " + show(c.s));
  std::optional<Kind> k = kind_named(type);
  if (!k) return c.fail_at(start, "unknown type " + show(type));
  c.skip_blanks();
  if (!c.eat("(")) return c.fail("missing \"(\" after type " + std::string(type));
  v.kind = *k;
  c.skip_blanks();
  if (!parse_literal(c, v)) return false;
  c.skip_blanks();
  if (!c.eat(")"))
    return c.fail("missing \")\" after " + std::string(type) + " literal, got " + show(c.s.substr(c.i)));
  if (!c.eof()) return c.fail("junk after \")\": " + show(c.s.substr(c.i)));
  return true;
}

bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

// One line of the file: its text without surrounding blanks, its number
// (1-based) and the column its text starts at (0-based).
struct Line {
  std::string_view text;
  int number = 0;
  size_t column = 0;
};

// The header line (only trailing blanks removed) and the non-blank lines
// after it, trimmed on both sides, as Go's reader takes them.
std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  for (int number = 1; !text.empty(); ++number) {
    size_t nl = text.find('\n');
    std::string_view s = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    size_t column = 0;
    while (number > 1 && column < s.size() && is_blank(s[column])) ++column;
    if (number > 1 && column == s.size()) continue;
    lines.push_back({s.substr(column), number, column});
  }
  return lines;
}

}  // namespace

bool decode(std::string_view text, std::vector<Value>& out, DecodeError& err) {
  out.clear();
  std::vector<Line> lines = split_lines(text);
  if (lines.empty() || lines[0].text != kHeader) {
    bool empty = lines.empty() || (lines.size() == 1 && lines[0].text.empty());
    err = {1, "want " + show(kHeader) + ", got " + (empty ? "an empty file" : show(lines[0].text)), 0};
    return false;
  }
  std::vector<Value> values;
  for (size_t n = 1; n < lines.size(); ++n) {
    if (lines[n].text.starts_with("//")) continue;  // a comment, `// needs:` too
    Cursor c{lines[n].text, 0, {}};
    Value v;
    if (!parse_line(c, v)) {
      err = {lines[n].number, c.err, static_cast<int>(lines[n].column + c.err_at + 1)};
      return false;
    }
    values.push_back(std::move(v));
  }
  out = std::move(values);
  return true;
}

std::string needs_of(std::string_view text) {
  std::vector<Line> lines = split_lines(text.substr(0, text.rfind('\n') + 1));
  if (lines.size() < 2 || lines[0].text != kHeader || !lines[1].text.starts_with(kNeedsPrefix)) return "";
  std::string_view flags = lines[1].text.substr(kNeedsPrefix.size());
  while (!flags.empty() && is_blank(flags.front())) flags.remove_prefix(1);
  return std::string(flags);
}

std::string needs_of_file(const std::filesystem::path& file) {
  std::string head(512, '\0');
  std::FILE* f = std::fopen(file.c_str(), "rb");
  if (!f) return "";
  head.resize(std::fread(head.data(), 1, head.size(), f));
  std::fclose(f);
  return needs_of(head);
}

std::string where(const std::string& path, const DecodeError& err) {
  std::string out = path;
  if (err.line > 0) out += ":" + std::to_string(err.line);
  if (err.line > 0 && err.col > 0) out += ":" + std::to_string(err.col);
  return out + ": ";
}

bool decode_file(const std::filesystem::path& file, std::vector<Value>& out, DecodeError& err) {
  out.clear();
  std::FILE* f = std::fopen(file.c_str(), "rb");
  if (!f) {
    err = {0, std::string("open: ") + std::strerror(errno)};
    return false;
  }
  std::string text;
  char buf[8192];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  bool failed = std::ferror(f);
  int saved = errno;
  std::fclose(f);
  if (failed) {
    err = {0, std::string("read: ") + std::strerror(saved)};
    return false;
  }
  return decode(text, out, err);
}

}  // namespace cxxtest::corpus
