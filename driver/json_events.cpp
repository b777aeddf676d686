#include "driver/json_events.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace cxxtest::driver {

namespace {

// RFC 3339 with nanoseconds, UTC, as Go's encoding of time.Time.
std::string now_rfc3339() {
  auto now = std::chrono::system_clock::now();
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now.time_since_epoch()).count();
  std::time_t secs = static_cast<std::time_t>(ns / 1000000000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%09lldZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long long>(ns % 1000000000));
  return buf;
}

constexpr char kMarker = '\x16';  // test2json's framing marker, ^V

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "--- PASS: TestX/sub (0.01s)" (any indentation) -> action, name, seconds.
bool parse_result(std::string_view line, std::string& action, std::string& name, double& secs) {
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  for (auto [prefix, act] :
       {std::pair{"--- PASS: ", "pass"}, {"--- FAIL: ", "fail"}, {"--- SKIP: ", "skip"}}) {
    if (!starts_with(line, prefix)) continue;
    std::string_view rest = line.substr(std::string_view(prefix).size());
    size_t paren = rest.rfind(" (");
    name = std::string(rest.substr(0, paren));
    secs = paren == std::string_view::npos ? 0 : std::atof(std::string(rest.substr(paren + 2)).c_str());
    action = act;
    return true;
  }
  return false;
}

// The length of the valid UTF-8 sequence starting at s[i], or 0.
size_t utf8_length(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
  // Overlong forms, surrogates and code points past U+10FFFF.
  if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) || (c == 0xf0 && c1 < 0x90) ||
      (c == 0xf4 && c1 > 0x8f))
    return 0;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else if (c < 0x80) out += static_cast<char>(c);
    else if (size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n));
      i += n - 1;
    } else out += "\\ufffd";  // as Go's encoder writes an invalid byte
  }
  return out + "\"";
}

std::string JsonEvents::event(std::string_view action, std::string_view test, std::string_view output,
                              double elapsed) {
  std::string e = "{\"Time\":\"" + now_rfc3339() + "\",\"Action\":\"" + std::string(action) +
                  "\",\"Package\":" + json_quote(package_);
  if (!test.empty()) e += ",\"Test\":" + json_quote(test);
  if (action == "output") e += ",\"Output\":" + json_quote(output);
  if (elapsed >= 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", elapsed);
    e += std::string(",\"Elapsed\":") + buf;
  }
  return e + "}\n";
}

std::string JsonEvents::flush(size_t depth) {
  std::string out;
  while (held_.size() > depth) {
    out += held_.back().event;
    held_.pop_back();
  }
  return out;
}

std::string JsonEvents::line(std::string_view text) {
  bool framing = framing_ == Framing::Unmarked;
  if (framing_ == Framing::Marked && !text.empty() && text[0] == kMarker) {
    text.remove_prefix(1);
    framing = true;
  }
  std::string_view body = text.substr(0, text.find('\n'));
  size_t depth = 0;
  while (body.substr(depth * 4, 4) == "    ") ++depth;
  if (!framing) return output_line(text, depth);
  for (auto [prefix, act] : {std::pair{"=== RUN   ", "run"},
                             {"=== PAUSE ", "pause"},
                             {"=== CONT  ", "cont"},
                             {"=== NAME  ", ""}}) {
    if (!starts_with(body, prefix)) continue;
    std::string out = flush(0);
    current_ = std::string(body.substr(std::string_view(prefix).size()));
    if (*act) out += event(act, current_, "", -1);
    return out + event("output", current_, text, -1);
  }
  std::string action, name;
  double secs = 0;
  if (parse_result(body, action, name, secs)) {
    std::string out = flush(depth);
    out += event("output", name, text, -1);
    held_.resize(depth);  // a deeper result without its parent's line keeps empty slots
    held_.push_back(Held{name, event(action, name, "", secs)});
    current_.clear();
    return out;
  }
  return output_line(text, depth);
}

std::string JsonEvents::output_line(std::string_view text, size_t depth) {
  if (depth > 0 && depth <= held_.size() && !held_[depth - 1].test.empty())
    return event("output", held_[depth - 1].test, text, -1);
  return flush(0) + event("output", current_, text, -1);
}

void ask_for_framing(std::vector<std::string>& args) {
  for (auto it = args.begin(); it != args.end();) {
    bool verbose = *it == "-test.v" || starts_with(*it, "-test.v=");
    it = verbose ? args.erase(it) : it + 1;
  }
  args.insert(args.begin(), "-test.v=test2json");
}

std::string JsonEvents::finish(bool passed, double elapsed) {
  return flush(0) + event(passed ? "pass" : "fail", "", "", elapsed);
}

}  // namespace cxxtest::driver
