// driver/link_hints.cpp: see link_hints.h.
#include "driver/link_hints.h"

#include <algorithm>
#include <filesystem>

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

std::string whole_archive_hint(const std::string& output, const std::vector<std::string>& link_args) {
  bool undefined = output.find("undefined reference to") != std::string::npos ||  // GNU ld
                   output.find("undefined symbol:") != std::string::npos;         // lld
  bool duplicate = output.find("multiple definition of") != std::string::npos ||  // GNU ld
                   output.find("duplicate symbol:") != std::string::npos;         // lld
  if (!undefined && !duplicate) return "";
  std::vector<std::string> named = whole_archives_named(output, link_args);
  if (named.empty()) return "";
  if (duplicate) {
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
