// The corpus tools: per package with fuzz tests, a binary linked from the
// package's plain objects and a generated main calling
// cxxtest::internal::corpus_tool_main (runtime/corpus/corpus_tool.cpp). Only code
// that runs FuzzXxx knows its argument kinds and f.Add seeds, so `cxxtest
// export` (seed corpora, dictionaries) and `cxxtest corpus` (decode, encode,
// import) run these tools in the package directory.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cachedir/cache.h"
#include "common/expected.h"
#include "driver/load_module.h"
#include "driver/plan.h"

namespace cxxtest::driver {

struct CorpusTools {
  Plan plan;                                          // the (plain) build of the matched packages
  std::map<std::string, std::filesystem::path> tool;  // rel_dir -> corpus tool binary
};

// Plans the plain build of `variant` (plain mode, maybe with sanitizers),
// then builds each matched package's corpus tool (packages without fuzz
// tests get none). A build failure is an Error holding the compiler's
// output, "# <import path>" first.
Expected<CorpusTools> build_corpus_tools(const Module& module, cxxtest::cachedir::Cache& cache,
                                         bool print_commands, int jobs,
                                         const cxxtest::instrument::Variant& variant = {});

// Which plain build `cxxtest corpus` links its tool in: the one of the
// sanitizers given (-asan...), else the plain one, unless the module has
// [deps] that only a sanitizer build has built so far (a user who fuzzed
// with -asan): then that one, so a file conversion never builds a library
// again. The tool only converts files; any build's objects know the types.
cxxtest::instrument::Variant corpus_tool_variant(const Module& module,
                                                 const std::filesystem::path& cache_root,
                                                 std::optional<unsigned> sanitizers);

// Runs `tool ARGS...` in `dir`; its output goes to stdout (stderr merged).
// Returns the tool's exit code (2 when it could not start or died).
int run_corpus_tool(const std::filesystem::path& tool, const std::filesystem::path& dir,
                    const std::vector<std::string>& args, bool print_commands);

// The fuzz tests of a package's plan, in declaration order.
std::vector<std::string> fuzz_test_names(const PackagePlan& p);

}  // namespace cxxtest::driver
