// driver/link_hints.cpp: see link_hints.h.
#include "driver/link_hints.h"

#include <filesystem>

namespace cxxtest::driver {

std::string whole_archive_hint(const std::string& output, const std::vector<std::string>& link_args) {
  bool undefined = output.find("undefined reference to") != std::string::npos ||  // GNU ld
                   output.find("undefined symbol:") != std::string::npos;         // lld
  if (!undefined) return "";
  bool whole = false;
  for (const std::string& arg : link_args) {
    if (arg == "-Wl,--whole-archive") whole = true;
    else if (arg == "-Wl,--no-whole-archive") whole = false;
    else if (whole && arg.ends_with(".a")) {
      // GNU ld names the member as "libx.a(y.o)", lld as "in archive .../libx.a".
      std::string name = std::filesystem::path(arg).filename().string();
      if (output.find(name + "(") == std::string::npos &&
          output.find("in archive " + arg) == std::string::npos)
        continue;
      return "cxxtest: " + name +
             " is linked whole (every object in it, used or not, as a dep's archives are by default): "
             "add the libraries its objects need to the dep's link (link = [\"-lfoo\"]), or set "
             "whole_archive = false\n";
    }
  }
  return "";
}

}  // namespace cxxtest::driver
