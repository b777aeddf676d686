// sanitizer_frames_test.cpp: symbolizing a report written with
// symbolize=0 (engine/coordinator/sanitizer_frames.h), with the real llvm-symbolizer.
#include "engine/coordinator/sanitizer_frames.h"

#include <doctest/doctest.h>
#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "crash/symbolize.h"

using cxxtest::runtime::engine::symbolize_sanitizer_frames;

namespace {

__attribute__((noinline)) int frames_test_marker(int x) { return x * 3 + 1; }

std::string exe_path() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return std::string(buf, n > 0 ? size_t(n) : 0);
}

uintptr_t exe_base() {
  uintptr_t base = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* arg) {
        *static_cast<uintptr_t*>(arg) = info->dlpi_addr;
        return 1;  // the first module is the executable
      },
      &base);
  return base;
}

std::string frame_line(int n, const std::string& module, uintptr_t offset) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "    #%d 0x%lx  (%s+0x%lx) (BuildId: 0123abcd)\n", n, 0x5000ul + n,
                module.c_str(), static_cast<unsigned long>(offset));
  return buf;
}

}  // namespace

// Stands for the runner's frames below a fuzz function (invoke_with<...>):
// a function in namespace cxxtest.
namespace cxxtest::internal {
__attribute__((noinline)) int frames_test_runner(int x) { return x * 5 + 2; }
}  // namespace cxxtest::internal

TEST_CASE("Frames of this executable are symbolized, the rest of the report kept") {
  cxxtest::runtime::init_symbolizer();
  REQUIRE(frames_test_marker(1) == 4);
  uintptr_t offset = reinterpret_cast<uintptr_t>(&frames_test_marker) - exe_base();
  std::string report = "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n" +
                       frame_line(0, exe_path(), offset) +
                       "\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n";
  std::string out = symbolize_sanitizer_frames(report);
  CHECK(out.rfind("==1==ERROR: AddressSanitizer: heap-buffer-overflow\n    #0 0x", 0) == 0);
  CHECK(out.find("frames_test_marker") != std::string::npos);
  CHECK(out.find("sanitizer_frames_test.cpp:") != std::string::npos);
  CHECK(out.find("BuildId") == std::string::npos);
  // The address stays the worker's (frame_line's 0x5000 + n), as its
  // report's other lines (the ERROR line's pc) have them.
  CHECK(out.find("    #0 0x5000 in (anonymous namespace)::frames_test_marker") != std::string::npos);
  CHECK(out.find("\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n") != std::string::npos);
}

TEST_CASE("The SUMMARY line names the first symbolized frame's place, as a symbolizing run does") {
  cxxtest::runtime::init_symbolizer();
  REQUIRE(frames_test_marker(2) == 7);
  uintptr_t offset = reinterpret_cast<uintptr_t>(&frames_test_marker) - exe_base();
  char summary[512];
  std::snprintf(summary, sizeof summary,
                "SUMMARY: AddressSanitizer: heap-buffer-overflow (%s+0x%lx) (BuildId: 0123abcd)\n",
                exe_path().c_str(), static_cast<unsigned long>(offset));
  std::string report = "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n" +
                       frame_line(0, exe_path(), offset) + "\n" + summary;
  std::string out = symbolize_sanitizer_frames(report);
  size_t at = out.find("SUMMARY: AddressSanitizer: heap-buffer-overflow ");
  REQUIRE(at != std::string::npos);
  std::string line = out.substr(at, out.find('\n', at) - at);
  CHECK(line.find("sanitizer_frames_test.cpp:") != std::string::npos);
  CHECK(line.find(" in ") != std::string::npos);
  CHECK(line.find("frames_test_marker") != std::string::npos);
  CHECK(line.find("+0x") == std::string::npos);
  // Without a symbolized frame before it, the line stays as written.
  std::string alone = symbolize_sanitizer_frames(summary);
  CHECK(alone == summary);
}

TEST_CASE("The same stack from another worker, at other addresses, reads the same with its own addresses") {
  // Minimizing symbolizes one stack per candidate, each from a fresh worker
  // (other addresses); the text is kept, the addresses are each report's.
  cxxtest::runtime::init_symbolizer();
  uintptr_t offset = reinterpret_cast<uintptr_t>(&frames_test_marker) - exe_base();
  auto report_at = [&](unsigned long pc) {
    char line[512];
    std::snprintf(line, sizeof line, "    #0 0x%lx  (%s+0x%lx) (BuildId: 0123abcd)\n", pc, exe_path().c_str(),
                  static_cast<unsigned long>(offset));
    return "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n" + std::string(line) +
           "\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n";
  };
  std::string first = symbolize_sanitizer_frames(report_at(0x55aa00001234));
  std::string second = symbolize_sanitizer_frames(report_at(0x7fbb00005678));
  CHECK(first.find("    #0 0x55aa00001234 in (anonymous namespace)::frames_test_marker") !=
        std::string::npos);
  CHECK(second.find("    #0 0x7fbb00005678 in (anonymous namespace)::frames_test_marker") !=
        std::string::npos);
  CHECK(second.find("0x55aa00001234") == std::string::npos);
  CHECK(second.find("feedf00d") == std::string::npos);
  std::string tail = first.substr(first.find(" in "));
  CHECK(second.substr(second.find(" in ")) == tail);
}

TEST_CASE("A stack with a frame in a module this process lacks is left as it was") {
  std::string stack = frame_line(0, exe_path(), 0x10) + frame_line(1, "/nonexistent/libgone.so", 0x20);
  CHECK(symbolize_sanitizer_frames("head\n" + stack + "tail\n") == "head\n" + stack + "tail\n");
  CHECK(symbolize_sanitizer_frames("    #0 0x1 in f() a.cpp:1:1\n") == "    #0 0x1 in f() a.cpp:1:1\n");
}

// ThreadSanitizer prints frames as "#N function file:line (module+0xOFF)"
// with the module's base name only; with symbolize=0 both are <null>.
TEST_CASE("ThreadSanitizer's <null> frames, named by base name, are symbolized") {
  cxxtest::runtime::init_symbolizer();
  REQUIRE(frames_test_marker(2) == 7);
  uintptr_t offset = reinterpret_cast<uintptr_t>(&frames_test_marker) - exe_base();
  std::string base = exe_path().substr(exe_path().rfind('/') + 1);
  char line[512];
  std::snprintf(line, sizeof line, "    #0 <null> <null> (%s+0x%lx) (BuildId: 0123abcd)\n", base.c_str(),
                static_cast<unsigned long>(offset));
  std::string report =
      "WARNING: ThreadSanitizer: data race (pid=1)\n  Write of size 4 at 0x1 by thread T1:\n" +
      std::string(line) + "\nSUMMARY: ThreadSanitizer: data race\n";
  std::string out = symbolize_sanitizer_frames(report);
  CHECK(out.find("<null>") == std::string::npos);
  CHECK(out.find("frames_test_marker") != std::string::npos);
  CHECK(out.find("\n    #0 0x") != std::string::npos);
  CHECK(out.find("SUMMARY: ThreadSanitizer: data race\n") != std::string::npos);
}

int frames_test_global = 5;  // a global for ThreadSanitizer's Location line

TEST_CASE("ThreadSanitizer's <null> global location is named") {
  cxxtest::runtime::init_symbolizer();
  uintptr_t offset = reinterpret_cast<uintptr_t>(&frames_test_global) - exe_base();
  std::string base = exe_path().substr(exe_path().rfind('/') + 1);
  char line[512];
  std::snprintf(line, sizeof line, "  Location is global '<null>' at 0x000000000000 (%s+0x%lx)\n",
                base.c_str(), static_cast<unsigned long>(offset));
  CHECK(symbolize_sanitizer_frames(line) == "  Location is global 'frames_test_global' of size 4 (" + base +
                                                "+0x" +
                                                std::string(line).substr(std::string(line).rfind("+0x") + 3));
  CHECK(symbolize_sanitizer_frames("  Location is global '<null>' at 0x0 (libgone.so+0x10)\n") ==
        "  Location is global '<null>' at 0x0 (libgone.so+0x10)\n");
}

TEST_CASE("The runner's frames below the fuzz function are left out, unless the stack is all runner") {
  cxxtest::runtime::init_symbolizer();
  REQUIRE(frames_test_marker(3) == 10);
  REQUIRE(cxxtest::internal::frames_test_runner(1) == 7);
  uintptr_t user = reinterpret_cast<uintptr_t>(&frames_test_marker) - exe_base();
  uintptr_t runner = reinterpret_cast<uintptr_t>(&cxxtest::internal::frames_test_runner) - exe_base();
  std::string report = "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n" +
                       frame_line(0, exe_path(), user) + frame_line(1, exe_path(), runner) +
                       frame_line(2, exe_path(), user) + "\nallocated by thread T1 here:\n" +
                       frame_line(0, exe_path(), runner) +
                       "\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n";
  std::string out = symbolize_sanitizer_frames(report);
  CHECK(out.find("    #0 0x5000 in (anonymous namespace)::frames_test_marker") != std::string::npos);
  // The first stack stops before its runner frame; what called it goes too.
  CHECK(out.find("    #1 ") == std::string::npos);
  CHECK(out.find("    #2 ") == std::string::npos);
  // The second stack has nothing but the runner: it is kept.
  CHECK(out.find("here:\n    #0 0x5000 in cxxtest::internal::frames_test_runner") != std::string::npos);
  CHECK(out.find("\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n") != std::string::npos);
}
