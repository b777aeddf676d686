// engine/sanitizer_frames.cpp: see sanitizer_frames.h.
#include "engine/sanitizer_frames.h"

#include <unistd.h>

#include <cstdlib>
#include <string_view>
#include <vector>

#include "engine/report.h"
#include "module_of.h"

namespace cxxtest::runtime::engine {
namespace {

struct FrameLine {
  std::string indent;  // what precedes '#'
  std::string module;
  uintptr_t offset = 0;
};

// Parses "<spaces>#N 0xHEX<spaces>(MODULE+0xHEX)", with or without a
// trailing " (BuildId: HEX)"; false for any other line.
bool parse_frame(std::string_view line, FrameLine& f) {
  if (size_t id = line.rfind(" (BuildId: "); id != std::string_view::npos) line = line.substr(0, id);
  size_t hash = line.find('#');
  if (hash == std::string_view::npos || line.find_first_not_of(" \t") != hash) return false;
  size_t open = line.find(" (", hash);
  size_t plus = line.rfind("+0x");
  if (open == std::string_view::npos || plus == std::string_view::npos || plus < open || line.back() != ')')
    return false;
  if (line.find(" in ", hash) != std::string_view::npos) return false;  // already symbolized
  std::string hex(line.substr(plus + 3, line.size() - 1 - (plus + 3)));
  char* end = nullptr;
  f.offset = std::strtoull(hex.c_str(), &end, 16);
  if (hex.empty() || *end != '\0') return false;
  f.indent = std::string(line.substr(0, hash));
  f.module = std::string(line.substr(open + 2, plus - (open + 2)));
  return true;
}

std::string own_exe() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : "";
}

// The symbolized lines of one stack, or "" to keep it as it was. `exe`:
// this executable's path.
std::string symbolize_stack(const std::vector<FrameLine>& frames, const std::string& exe) {
  std::vector<void*> pcs;
  for (size_t i = 0; i < frames.size(); ++i) {
    uintptr_t base = 0;
    if (!module_base(frames[i].module.c_str(), exe.c_str(), &base)) return "";
    // The sanitizer printed each frame's own pc; symbolized() takes frames
    // after the first for return addresses and looks one byte back.
    pcs.push_back(reinterpret_cast<void*>(base + frames[i].offset + (i > 0 ? 1 : 0)));
  }
  std::string text = symbolized(pcs);
  if (text.find(" in ") == std::string::npos) return "";  // no symbolizer: keep the module+offset form
  std::string out;
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    out += frames[0].indent + text.substr(start, end - start);
    start = end;
  }
  return out;
}

}  // namespace

std::string symbolize_sanitizer_frames(const std::string& report) {
  const std::string exe = own_exe();
  std::string out;
  std::vector<FrameLine> stack;
  std::string stack_text;  // the stack's lines as they were
  auto flush = [&] {
    if (stack.empty()) return;
    std::string symbolized_lines = symbolize_stack(stack, exe);
    out += symbolized_lines.empty() ? stack_text : symbolized_lines;
    stack.clear();
    stack_text.clear();
  };
  for (size_t start = 0; start < report.size();) {
    size_t nl = report.find('\n', start);
    size_t end = nl == std::string::npos ? report.size() : nl + 1;
    std::string line = report.substr(start, end - start);
    start = end;
    std::string_view bare(line);
    if (!bare.empty() && bare.back() == '\n') bare.remove_suffix(1);
    FrameLine f;
    if (parse_frame(bare, f)) {
      stack.push_back(f);
      stack_text += line;
      continue;
    }
    flush();
    out += line;
  }
  flush();
  return out;
}

}  // namespace cxxtest::runtime::engine
