#include "driver/laf_compilers.h"

#include <cctype>
#include <map>

#include "driver/process.h"

namespace cxxtest::driver {

int dumpversion_major(const std::string& output) {
  size_t i = 0;
  while (i < output.size() && std::isspace(static_cast<unsigned char>(output[i]))) ++i;
  int major = 0;
  size_t digits = 0;
  for (; i < output.size() && std::isdigit(static_cast<unsigned char>(output[i])); ++i, ++digits)
    major = major * 10 + (output[i] - '0');
  return digits == 0 || digits > 4 ? -1 : major;
}

Expected<bool> check_laf_compilers(const Config& config, const std::vector<std::string>& compilers) {
#ifdef CXXTEST_LAF_LLVM_MAJOR
  static std::map<std::string, std::string> answers;  // compiler -> its -dumpversion output
  for (const std::string& compiler : compilers) {
    auto it = answers.find(compiler);
    if (it == answers.end()) {
      std::string out;
      ExitStatus st = run_process({compiler, "-dumpversion"}, ProcessOptions{}, &out);
      it = answers.emplace(compiler, st.ok() ? out : "").first;
    }
    int major = dumpversion_major(it->second);
    if (major == CXXTEST_LAF_LLVM_MAJOR) continue;
    std::string version = it->second.substr(0, it->second.find('\n'));
    return Error{config.location_of("fuzz.laf") +
                 ": [fuzz] laf = true loads cxxtest's laf pass, built for LLVM " +
                 std::to_string(CXXTEST_LAF_LLVM_MAJOR) + ", which compiler \"" + compiler + "\" (" +
                 (major < 0 ? std::string("no version from -dumpversion") : "clang " + version) +
                 ") cannot load: use clang " + std::to_string(CXXTEST_LAF_LLVM_MAJOR) +
                 " for fuzz builds, or turn laf off"};
  }
#else
  (void)config;
  (void)compilers;
#endif
  return true;
}

}  // namespace cxxtest::driver
