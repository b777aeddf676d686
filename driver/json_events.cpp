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

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "--- PASS: TestX/sub (0.01s)" (any indentation) -> action, name, seconds.
bool parse_result(std::string_view line, std::string& action, std::string& name, double& secs) {
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  for (auto [prefix, act] : {std::pair{"--- PASS: ", "pass"}, {"--- FAIL: ", "fail"}, {"--- SKIP: ", "skip"}}) {
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

}  // namespace

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') { out += '\\'; out += static_cast<char>(c); }
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20) { char buf[8]; std::snprintf(buf, sizeof buf, "\\u%04x", c); out += buf; }
    else out += static_cast<char>(c);
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

std::string JsonEvents::line(std::string_view text) {
  std::string_view body = text.substr(0, text.find('\n'));
  for (auto [prefix, act] : {std::pair{"=== RUN   ", "run"}, {"=== PAUSE ", "pause"}, {"=== CONT  ", "cont"},
                             {"=== NAME  ", ""}}) {
    if (!starts_with(body, prefix)) continue;
    current_ = std::string(body.substr(std::string_view(prefix).size()));
    std::string out = *act ? event(act, current_, "", -1) : "";
    return out + event("output", current_, text, -1);
  }
  std::string action, name;
  double secs = 0;
  if (parse_result(body, action, name, secs)) {
    std::string out = event("output", name, text, -1) + event(action, name, "", secs);
    current_.clear();
    return out;
  }
  return event("output", current_, text, -1);
}

std::string JsonEvents::finish(bool passed, double elapsed) {
  return event(passed ? "pass" : "fail", "", "", elapsed);
}

}  // namespace cxxtest::driver
