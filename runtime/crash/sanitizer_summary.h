// crash/sanitizer_summary.h: where a sanitizer's SUMMARY line says a report
// happened. ASan names the first frame of the stack, which is often its own
// (__interceptor_strlen, __asan_memcpy) and then reads as a module offset;
// cxxtest names the first frame in code of the program's own with a source
// line, as the report's first stack shows it. One rule for the -fuzz reports
// (engine/coordinator/sanitizer_frames.cpp) and the driver's filter of a
// plain run's output (driver/runner_frames.h), so the report a fuzz run
// prints and its re-run command's agree. Header-only: the driver includes it.
#pragma once

#include <string>
#include <string_view>

namespace cxxtest::runtime {

// Whether `function` is a sanitizer's own: its interceptors and entry points.
inline bool is_sanitizer_function(std::string_view function) {
  for (std::string_view p :
       {"__asan", "__interceptor", "__sanitizer", "__tsan", "__ubsan", "__msan", "__lsan"})
    if (function.starts_with(p)) return true;
  return false;
}

// The place a symbolized frame line ("    #1 0x... in FUNC FILE:LINE:COL")
// gives a SUMMARY: "FILE:LINE:COL in FUNC"; "" for any other line, a frame
// of the sanitizer's own, or one without a source line ("in FUNC
// (MODULE+0xOFF)", "??:0").
inline std::string summary_place_of_frame(std::string_view frame) {
  while (!frame.empty() && (frame.back() == ' ' || frame.back() == '\n')) frame.remove_suffix(1);
  size_t hash = frame.find_first_not_of(' ');
  if (hash == std::string_view::npos || frame[hash] != '#') return "";
  size_t in = frame.find(" in ");
  size_t space = frame.rfind(' ');
  if (in == std::string_view::npos || space <= in + 4) return "";
  std::string_view func = frame.substr(in + 4, space - in - 4);
  std::string_view file = frame.substr(space + 1);
  if (is_sanitizer_function(func) || file.starts_with("(") || file.ends_with(")") || file.starts_with("??") ||
      file.find(':') == std::string_view::npos)
    return "";
  return std::string(file) + " in " + std::string(func);
}

// A SUMMARY line ("SUMMARY: AddressSanitizer: KIND ...") that names a
// module offset ("(MODULE+0xOFF)") or a sanitizer's own function, as it
// reads at `place` (summary_place_of_frame): "SUMMARY: AddressSanitizer:
// KIND PLACE", the newline kept. Any other line, or an empty place: as it
// was (a leak's "N byte(s) leaked", UBSan's own FILE:LINE).
inline std::string summary_at_place(std::string_view line, const std::string& place) {
  if (place.empty() || !line.starts_with("SUMMARY: ")) return std::string(line);
  size_t tool_end = line.find(' ', 9);
  size_t kind_end = tool_end == std::string_view::npos ? tool_end : line.find(' ', tool_end + 1);
  if (kind_end == std::string_view::npos) return std::string(line);
  std::string_view rest = line.substr(kind_end + 1);
  bool newline = rest.ends_with('\n');
  if (newline) rest.remove_suffix(1);
  bool offset = rest.starts_with("(") && rest.find("+0x") != std::string_view::npos;
  size_t in = rest.rfind(" in ");
  bool own = in != std::string_view::npos && is_sanitizer_function(rest.substr(in + 4));
  if (!offset && !own) return std::string(line);
  return std::string(line.substr(0, kind_end)) + " " + place + (newline ? "\n" : "");
}

}  // namespace cxxtest::runtime
