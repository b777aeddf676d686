// cxxtest export: every fuzz test as a libFuzzer-ABI binary for OSS-Fuzz,
// ClusterFuzzLite, libFuzzer or AFL++; cxxtest corpus: converting inputs
// between those engines' raw files and v1 files; cxxtest init
// -clusterfuzzlite: the build files that run the export.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cachedir/cache.h"
#include "common/expected.h"
#include "driver/exit_code.h"

namespace cxxtest::driver {

// cxxtest export [-o DIR] [-C DIR] [-x] [packages]
Exit export_command(const std::vector<std::string>& args);
// cxxtest corpus decode|encode|import ...
Exit corpus_command(const std::vector<std::string>& args);
// cxxtest init -clusterfuzzlite [-f]
Exit init_clusterfuzzlite(const std::vector<std::string>& args);

// `cxxtest help export` and `cxxtest help corpus`.
void help_export();
void help_corpus();

// The name of the exported binary of `target` in the package `rel_dir`:
// the target alone for the module's root package, else the directory with
// every character but [A-Za-z0-9] turned into '_', then '_' and the target
// ("parser/json", FuzzParse: parser_json_FuzzParse).
std::string export_name(const std::string& rel_dir, const std::string& target);

// The flags of export-like subcommands: -o DIR, -C DIR, -x, -fuzz NAME,
// -p N, then positional words. Unknown flags are errors.
struct SubOptions {
  std::string out, dir, fuzz;
  std::string fuzzcachedir;  // corpus import: the generated corpus's -fuzzcachedir
  unsigned sanitizers = 0;   // -asan, -ubsan, -race, -msan (instrument::Sanitizer bits)
  bool print_commands = false;
  int jobs = 0;
  std::vector<std::string> words;
};
Expected<SubOptions> parse_sub_options(const std::string& command, const std::vector<std::string>& args);

// Prints "cxxtest: <message>" to stderr; returns Exit::Usage.
Exit sub_fail(const std::string& message);

// The cache directory, opened.
Expected<std::unique_ptr<cxxtest::cachedir::Cache>> open_cache_dir();

}  // namespace cxxtest::driver
