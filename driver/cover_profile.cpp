#include "driver/cover_profile.h"

#include <charconv>

namespace cxxtest::driver {

namespace {

bool parse_number(std::string_view s, uint64_t& out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

// "A,B" split at the first comma; false without one.
bool split_pair(std::string_view s, std::string_view& a, std::string_view& b) {
  size_t comma = s.find(',');
  if (comma == std::string_view::npos) return false;
  a = s.substr(0, comma);
  b = s.substr(comma + 1);
  return true;
}

// Applies one record (tag and value) to `file`; false when malformed.
bool apply_record(std::string_view tag, std::string_view value, FileCoverage& file) {
  std::string_view a, b;
  uint64_t n = 0, count = 0;
  if (tag == "DA") {
    if (!split_pair(value, a, b)) return false;
    if (size_t c = b.find(','); c != std::string_view::npos) b = b.substr(0, c);  // optional checksum
    if (!parse_number(a, n) || !parse_number(b, count)) return false;
    file.lines[static_cast<int>(n)] += count;
  } else if (tag == "FN") {
    if (!split_pair(value, a, b) || !parse_number(a, n)) return false;
    file.functions.try_emplace(std::string(b), static_cast<int>(n), 0);
  } else if (tag == "FNDA") {
    if (!split_pair(value, a, b) || !parse_number(a, count)) return false;
    file.functions.try_emplace(std::string(b), 0, 0).first->second.second += count;
  }
  return true;  // summaries (LF, LH, FNF, FNH) are recomputed; BRDA/BRF/BRH dropped
}

}  // namespace

Expected<bool> merge_lcov(std::string_view text, const std::string& origin, CoverProfile& into) {
  FileCoverage* file = nullptr;
  int line_no = 0;
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    std::string_view line =
        text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    start = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto where = [&] { return origin + ":" + std::to_string(line_no) + ": "; };
    if (line.empty() || line.rfind("TN:", 0) == 0) continue;
    if (line == "end_of_record") {
      file = nullptr;
      continue;
    }
    size_t colon = line.find(':');
    if (colon == std::string_view::npos)
      return Error{where() + "want an lcov record TAG:VALUE, got \"" + std::string(line) + "\""};
    std::string_view tag = line.substr(0, colon), value = line.substr(colon + 1);
    if (tag == "SF") {
      file = &into[std::string(value)];
      continue;
    }
    if (!file) return Error{where() + std::string(tag) + " record outside SF: ... end_of_record"};
    if (!apply_record(tag, value, *file))
      return Error{where() + "malformed " + std::string(tag) + " record \"" + std::string(value) + "\""};
  }
  return true;
}

std::string format_lcov(const CoverProfile& profile) {
  std::string out;
  for (const auto& [path, file] : profile) {
    out += "SF:" + path + "\n";
    size_t hit = 0;
    for (const auto& [name, fn] : file.functions) out += "FN:" + std::to_string(fn.first) + "," + name + "\n";
    for (const auto& [name, fn] : file.functions) {
      out += "FNDA:" + std::to_string(fn.second) + "," + name + "\n";
      hit += fn.second > 0;
    }
    out += "FNF:" + std::to_string(file.functions.size()) + "\nFNH:" + std::to_string(hit) + "\n";
    hit = 0;
    for (const auto& [line, count] : file.lines) {
      out += "DA:" + std::to_string(line) + "," + std::to_string(count) + "\n";
      hit += count > 0;
    }
    out += "LF:" + std::to_string(file.lines.size()) + "\nLH:" + std::to_string(hit) + "\nend_of_record\n";
  }
  return out;
}

}  // namespace cxxtest::driver
