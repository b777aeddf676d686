// engine/coordinator/sanitizer_frames.cpp: see sanitizer_frames.h.
#include "engine/coordinator/sanitizer_frames.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>
#include <vector>

#include "crash/exceptions.h"
#include "crash/module_of.h"
#include "crash/runner_threads.h"
#include "crash/sanitizer_summary.h"
#include "crash/symbolize.h"
#include "engine/coordinator/report.h"

namespace cxxtest::runtime::engine {
namespace {

struct FrameLine {
  std::string indent;  // what precedes '#'
  std::string module;
  uintptr_t offset = 0;
  uintptr_t pc = 0;  // as the worker printed it, in its own address space; 0: none (TSan's <null>)
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
  if (size_t space = line.find(' ', hash); space < open && line.substr(space + 1, 2) == "0x")
    f.pc = std::strtoull(std::string(line.substr(space + 3, open - (space + 3))).c_str(), nullptr, 16);
  f.indent = std::string(line.substr(0, hash));
  f.module = std::string(line.substr(open + 2, plus - (open + 2)));
  return true;
}

std::string own_exe() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : "";
}

// "0x..." as RawWriter::hex writes it.
std::string hex_text(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// symbolized(pcs, &shown), kept by the frames' modules and offsets.
// Minimizing a failure runs candidate after candidate that fails the same
// way, each in a fresh worker: the same stack at other addresses. Each
// symbolization starts llvm-symbolizer, which loads the binary's debug
// info: 0.1 to 0.3 s a time for a real library (libexif's minimization
// spent more than half its minute there). So a stack's text is kept with a
// placeholder for each frame's address (equally long, never a real one),
// and the addresses of the worker at hand put in.
std::string symbolized_cached(const std::vector<FrameLine>& frames, const std::vector<void*>& pcs,
                              const std::vector<uintptr_t>& shown) {
  constexpr uint64_t kPlaceholder = 0xfeedf00d0000;  // + the frame's index (< 4096): all 14 characters
  static std::map<std::string, std::string> kept;
  if (frames.size() >= 4096) return symbolized(pcs, &shown);
  std::string key;
  for (const auto& f : frames) key += f.module + "+" + hex_text(f.offset) + "\n";
  auto it = kept.find(key);
  if (it == kept.end()) {
    std::vector<uintptr_t> placeholders;
    for (size_t i = 0; i < frames.size(); ++i) placeholders.push_back(kPlaceholder + i);
    if (kept.size() >= 256) kept.clear();
    it = kept.emplace(key, symbolized(pcs, &placeholders)).first;
  }
  std::string text = it->second;
  for (size_t i = 0; i < frames.size(); ++i) {
    std::string from = hex_text(kPlaceholder + i), to = hex_text(shown[i]);
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }
  return text;
}

// The symbolized lines of one stack, or "" to keep it as it was. `exe`:
// this executable's path.
std::string symbolize_stack(const std::vector<FrameLine>& frames, const std::string& exe) {
  std::vector<void*> pcs;
  std::vector<uintptr_t> shown;  // the worker's addresses, as in its report's other lines
  for (size_t i = 0; i < frames.size(); ++i) {
    shown.push_back(frames[i].pc);
    uintptr_t base = 0;
    if (!module_base(frames[i].module.c_str(), exe.c_str(), &base)) return "";
    // The sanitizer printed each frame's own pc; symbolized() takes frames
    // after the first for return addresses and looks one byte back.
    pcs.push_back(reinterpret_cast<void*>(base + frames[i].offset + (i > 0 ? 1 : 0)));
  }
  bool all_shown = std::find(shown.begin(), shown.end(), 0) == shown.end();
  std::string text = all_shown ? symbolized_cached(frames, pcs, shown) : symbolized(pcs, nullptr);
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

// ThreadSanitizer's "  Location is global '<null>' at 0x000000000000
// (MODULE+0xOFF)" with symbolize=0, the global named from this executable
// as "Location is global 'NAME' of size N (MODULE+0xOFF)"; other lines, and
// globals of other modules, as they were.
std::string symbolize_global_line(const std::string& line, const std::string& exe) {
  static constexpr std::string_view kUnknown = "Location is global '<null>' at 0x";
  size_t at = line.find(kUnknown);
  size_t open = line.rfind(" (");
  size_t plus = line.rfind("+0x");
  if (at == std::string::npos || open == std::string::npos || plus == std::string::npos || plus < open)
    return line;
  std::string module = line.substr(open + 2, plus - open - 2);
  if (module != exe.substr(exe.rfind('/') + 1)) return line;
  std::string name;
  uint64_t size = 0;
  if (!symbolize_global(exe.c_str(), std::strtoull(line.c_str() + plus + 3, nullptr, 16), name, size))
    return line;
  return line.substr(0, at) + "Location is global '" + name + "' of size " + std::to_string(size) +
         line.substr(open);
}

// Where the report happened (crash/sanitizer_summary.h): the place of the
// first frame of a symbolized stack that gives one; "" if none.
std::string summary_place(const std::string& stack) {
  for (size_t start = 0; start < stack.size();) {
    size_t nl = stack.find('\n', start);
    std::string_view frame = std::string_view(stack).substr(start, nl == std::string::npos ? nl : nl - start);
    start = nl == std::string::npos ? stack.size() : nl + 1;
    if (std::string place = summary_place_of_frame(frame); !place.empty()) return place;
  }
  return "";
}

}  // namespace

std::string symbolize_sanitizer_frames(const std::string& report) {
  const std::string exe = own_exe();
  std::string out;
  std::vector<FrameLine> stack;
  std::string stack_text;  // the stack's lines as they were
  std::string place;       // summary_place of the report's first stack
  bool first_stack = true;
  auto flush = [&] {
    if (stack.empty()) return;
    std::string symbolized_lines = symbolize_stack(stack, exe);
    if (first_stack) place = summary_place(symbolized_lines);
    first_stack = false;
    out += symbolized_lines.empty() ? stack_text : without_runner_frames_or_whole(symbolized_lines);
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
    out += summary_at_place(symbolize_global_line(line, exe), place);
  }
  flush();
  ThreadStanzaFilter stanzas;
  std::string kept = stanzas.lines(out);
  return kept + stanzas.finish();
}

}  // namespace cxxtest::runtime::engine
