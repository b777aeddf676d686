// engine/coordinator/unstable.cpp: see unstable.h.
#include "engine/coordinator/unstable.h"

#include <algorithm>

#include "engine/coordinator/report.h"

namespace cxxtest::runtime::engine {
namespace {

// "#3 0x55d0c1 in Foo(int) /src/foo.cpp:12:3" -> "at /src/foo.cpp:12:3 in
// Foo(int)"; a line without a function or location is kept as it is, minus
// the frame number and address.
std::string describe(const std::string& line) {
  size_t addr = line.find(" 0x");
  std::string rest = addr == std::string::npos ? line : line.substr(line.find(' ', addr + 1) + 1);
  if (rest.rfind("in ", 0) != 0) return rest;
  size_t loc = rest.rfind(' ');
  if (loc <= 2) return rest;
  return "at " + rest.substr(loc + 1) + " in " + rest.substr(3, loc - 3);
}

// The first line of each frame (write_stack() adds one per inlined call,
// innermost first, all with the frame's number).
std::vector<std::string> first_line_per_frame(const std::string& text) {
  std::vector<std::string> out;
  std::string last_number;
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    start = nl == std::string::npos ? text.size() : nl + 1;
    size_t b = line.find('#');
    if (b == std::string::npos) continue;
    std::string number = line.substr(b, line.find(' ', b) - b);
    if (number == last_number) continue;
    last_number = number;
    out.push_back(line.substr(b));
  }
  return out;
}

}  // namespace

std::vector<uint32_t> differing_indices(const uint8_t* differed, size_t size, size_t cap) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < size && out.size() < cap; ++i)
    if (differed[i]) out.push_back(uint32_t(i));
  return out;
}

uintptr_t counter_pc(std::span<const CounterRegion> regions, uint32_t index) {
  for (const CounterRegion& r : regions) {
    uintptr_t aligned = reinterpret_cast<uintptr_t>(r.begin) & ~uintptr_t(7);
    if (index < r.base) continue;
    uintptr_t addr = aligned + (index - r.base);
    if (addr < reinterpret_cast<uintptr_t>(r.begin) || addr >= reinterpret_cast<uintptr_t>(r.end)) continue;
    if (!r.pcs) return 0;
    return r.pcs[2 * (addr - reinterpret_cast<uintptr_t>(r.begin))];
  }
  return 0;
}

std::string unstable_lines(std::span<const CounterRegion> regions, std::span<const uint32_t> indices,
                           size_t max_lines, uint64_t differed) {
  std::vector<void*> pcs;
  for (uint32_t i : indices) {
    uintptr_t pc = counter_pc(regions, i);
    // write_stack() takes every pc after the first for a return address and
    // looks one byte back: hand it one byte on.
    if (pc) pcs.push_back(reinterpret_cast<void*>(pcs.empty() ? pc : pc + 1));
  }
  std::vector<std::string> seen;
  for (const std::string& line : first_line_per_frame(symbolized(pcs))) {
    std::string d = describe(line);
    if (std::find(seen.begin(), seen.end(), d) == seen.end()) seen.push_back(d);
  }
  // The stack-depth steps (coverage.h) have no pc: said once, by name.
  if (std::any_of(indices.begin(), indices.end(), [](uint32_t i) { return i >= depth_base(); }))
    seen.push_back("for the stack depth (the input recursed to different depths)");
  std::string out;
  for (size_t i = 0; i < seen.size() && i < max_lines; ++i) out += "fuzz: unstable counter " + seen[i] + "\n";
  // The stability figure counts counters, these lines source locations (a
  // line holds several): the tail says both, so the two do not seem to
  // disagree (213 counters, "... and 52 more").
  if (seen.size() > max_lines)
    out += "fuzz: ... and " + std::to_string(seen.size() - max_lines) + " more source locations (" +
           std::to_string(differed) + " unstable counters in all)\n";
  return out;
}

}  // namespace cxxtest::runtime::engine
