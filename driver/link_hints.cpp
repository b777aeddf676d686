// driver/link_hints.cpp: see link_hints.h.
#include "driver/link_hints.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <utility>

namespace cxxtest::driver {

namespace {

// The archives `link_args` takes whole that the linker's `output` names as
// holding the object a message is about ("libx.a(y.o)" from GNU ld, "in
// archive .../libx.a" or "(libx.a(y.o))" from lld), in link order.
std::vector<std::string> whole_archives_named(const std::string& output,
                                              const std::vector<std::string>& link_args) {
  std::vector<std::string> named;
  bool whole = false;
  for (const std::string& arg : link_args) {
    if (arg == "-Wl,--whole-archive") whole = true;
    else if (arg == "-Wl,--no-whole-archive") whole = false;
    else if (whole && arg.ends_with(".a")) {
      std::string name = std::filesystem::path(arg).filename().string();
      if ((output.find(name + "(") != std::string::npos ||
           output.find("in archive " + arg) != std::string::npos) &&
          std::find(named.begin(), named.end(), name) == named.end())
        named.push_back(name);
    }
  }
  return named;
}

// The archive whose two members define the same symbol, from GNU ld's
// "A(x.o):(.bss+0x0): multiple definition of `s'; A(y.o):(.bss+0x0): first
// defined here" or lld's two "in archive A" lines under one "duplicate
// symbol:", with the symbol; {"", ""} when the two sides differ.
std::pair<std::string, std::string> duplicate_within_archive(const std::string& output) {
  auto archive_of = [](std::string_view side) -> std::string {
    size_t open = side.find(".a(");
    if (open == std::string_view::npos) return "";
    size_t start = side.rfind(' ', open);
    start = start == std::string_view::npos ? 0 : start + 1;
    return std::string(side.substr(start, open + 2 - start));
  };
  auto symbol_after = [&](size_t at, const char* marker) {
    size_t s = output.find_first_of("`'", at + std::strlen(marker));
    size_t e = s == std::string::npos ? s : output.find('\'', s + 1);
    if (s == std::string::npos || e == std::string::npos) return std::string();
    return output.substr(s + 1, e - s - 1);
  };
  for (size_t at = output.find("multiple definition of"); at != std::string::npos;
       at = output.find("multiple definition of", at + 1)) {
    size_t line = output.rfind('\n', at);
    size_t end = output.find('\n', at);
    std::string_view text(output);
    std::string_view before = text.substr(line == std::string::npos ? 0 : line + 1, at - (line + 1));
    std::string_view after = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    size_t semi = after.find("; ");
    if (semi == std::string_view::npos) continue;
    std::string a = archive_of(before), b = archive_of(after.substr(semi + 2));
    if (!a.empty() && a == b) return {a, symbol_after(at, "multiple definition of")};
  }
  const std::string lld = "duplicate symbol: ";
  if (size_t at = output.find(lld); at != std::string::npos) {
    size_t next = output.find(lld, at + 1);
    std::string block = output.substr(at, next == std::string::npos ? std::string::npos : next - at);
    size_t first = block.find("in archive "),
           second = first == std::string::npos ? first : block.find("in archive ", first + 1);
    auto archive_at = [&](size_t p) {
      size_t e = block.find('\n', p);
      return block.substr(p + 11, e == std::string::npos ? std::string::npos : e - p - 11);
    };
    if (second != std::string::npos && archive_at(first) == archive_at(second)) {
      size_t e = block.find('\n');
      return {archive_at(first), block.substr(lld.size(), e == std::string::npos ? e : e - lld.size())};
    }
  }
  return {"", ""};
}

}  // namespace

std::string missing_library(const std::string& output) {
  const std::string marker = ": error adding symbols: DSO missing from command line";
  size_t at = output.find(marker);
  if (at == std::string::npos) return "";
  size_t line = output.rfind('\n', at);
  std::string path = output.substr(line == std::string::npos ? 0 : line + 1,
                                   at - (line == std::string::npos ? 0 : line + 1));
  if (size_t colon = path.rfind(": "); colon != std::string::npos)
    path = path.substr(colon + 2);  // "/usr/bin/ld: "
  std::string name = std::filesystem::path(path).filename().string();
  size_t so = name.find(".so");
  if (!name.starts_with("lib") || so == std::string::npos || so <= 3) return "";
  return name.substr(3, so - 3);
}

std::string missing_library_hint(const std::string& output) {
  std::string lib = missing_library(output);
  if (lib.empty()) return "";
  return "cxxtest: the link needs -l" + lib + ", which no one named: add it to the link of the dep whose " +
         "objects use it (link = [\"-l" + lib + "\"]), or to [build] libs = [\"" + lib + "\"]\n";
}

std::string unfound_library(const std::string& output) {
  for (std::string_view marker : {"cannot find -l", "unable to find library -l"}) {
    size_t at = output.find(marker);
    if (at == std::string::npos) continue;
    at += marker.size();
    size_t end = output.find_first_of(": \n", at);
    return output.substr(at, end == std::string::npos ? std::string::npos : end - at);
  }
  return "";
}

std::string unfound_library_hint(const std::string& output) {
  std::string lib = unfound_library(output);
  if (lib.empty()) return "";
  return "cxxtest: no lib" + lib + ".a or lib" + lib + ".so for -l" + lib +
         ": a dep's link arguments name it (its `link`, or what its installed pkg-config files or CMake "
         "targets link, which link_only = true leaves out); install the library (Debian: its -dev "
         "package) or leave it out of the dep's link\n";
}

std::string whole_archive_hint(const std::string& output, const std::vector<std::string>& link_args) {
  bool undefined = output.find("undefined reference to") != std::string::npos ||  // GNU ld
                   output.find("undefined symbol:") != std::string::npos;         // lld
  bool duplicate = output.find("multiple definition of") != std::string::npos ||  // GNU ld
                   output.find("duplicate symbol:") != std::string::npos;         // lld
  if (!undefined && !duplicate) return "";
  std::vector<std::string> named = whole_archives_named(output, link_args);
  if (named.empty()) return "";
  if (duplicate) {
    if (auto [archive, symbol] = duplicate_within_archive(output); !archive.empty())
      return "cxxtest: two objects of " + std::filesystem::path(archive).filename().string() + " define " +
             symbol +
             ": most likely a global a header defines without extern (int x;), which C compilers "
             "merged until GCC 10 and clang 11 made -fno-common the default; build the dep with "
             "-fcommon (CMake: options = [\"-DCMAKE_C_FLAGS=-fcommon\"]; autotools: options = "
             "[\"CFLAGS=-fcommon\"])\n";
    std::string which = named.size() == 1 ? named[0] + " is" : named[0] + " and " + named[1] + " are";
    return "cxxtest: " + which +
           " linked whole (every object in them, as a dep's archives are by default) and objects "
           "define the same symbols (a library installed twice, once inside another): name the one "
           "archive to link (libs = [\"$PREFIX/lib/" +
           named[0] + "\"]), or set whole_archive = false\n";
  }
  std::string lib = missing_library(output);
  return "cxxtest: " + named[0] +
         " is linked whole (every object in it, used or not, as a dep's archives are by default): "
         "add the libraries its objects need to the dep's link (link = [\"-l" +
         (lib.empty() ? "foo" : lib) + "\"]), or set whole_archive = false\n";
}

}  // namespace cxxtest::driver
