// sanitizer_frames_test.cpp: symbolizing a report written with
// symbolize=0 (engine/sanitizer_frames.h), with the real llvm-symbolizer.
#include <doctest/doctest.h>

#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "engine/sanitizer_frames.h"
#include "symbolize.h"

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
  std::snprintf(buf, sizeof buf, "    #%d 0x%lx  (%s+0x%lx) (BuildId: 0123abcd)\n", n, 0x5000ul + n, module.c_str(),
                static_cast<unsigned long>(offset));
  return buf;
}

}  // namespace

TEST_CASE("Frames of this executable are symbolized, the rest of the report kept") {
  cxxtest::runtime::init_symbolizer();
  REQUIRE(frames_test_marker(1) == 4);
  uintptr_t offset = reinterpret_cast<uintptr_t>(&frames_test_marker) - exe_base();
  std::string report = "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n" + frame_line(0, exe_path(), offset) +
                       "\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n";
  std::string out = symbolize_sanitizer_frames(report);
  CHECK(out.rfind("==1==ERROR: AddressSanitizer: heap-buffer-overflow\n    #0 0x", 0) == 0);
  CHECK(out.find("frames_test_marker") != std::string::npos);
  CHECK(out.find("sanitizer_frames_test.cpp:") != std::string::npos);
  CHECK(out.find("BuildId") == std::string::npos);
  CHECK(out.find("\nSUMMARY: AddressSanitizer: heap-buffer-overflow\n") != std::string::npos);
}

TEST_CASE("A stack with a frame in a module this process lacks is left as it was") {
  std::string stack = frame_line(0, exe_path(), 0x10) + frame_line(1, "/nonexistent/libgone.so", 0x20);
  CHECK(symbolize_sanitizer_frames("head\n" + stack + "tail\n") == "head\n" + stack + "tail\n");
  CHECK(symbolize_sanitizer_frames("    #0 0x1 in f() a.cpp:1:1\n") == "    #0 0x1 in f() a.cpp:1:1\n");
}
