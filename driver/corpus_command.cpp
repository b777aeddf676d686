// cxxtest corpus decode|encode|import: see `cxxtest help corpus`. Each
// builds the package's corpus tool (corpus_tools.h), which knows the
// target's argument kinds, and runs it in the package directory.
#include <iostream>
#include <thread>

#include "cachedir/cache.h"
#include "cachedir/corpus_dir.h"
#include "cachedir/location.h"
#include "driver/corpus_tools.h"
#include "driver/export.h"
#include "driver/load_module.h"
#include "instrument/variant.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

// The fuzz test the command is about: -fuzz, else the package's only one.
Expected<std::string> pick_target(const PackagePlan& p, const std::string& wanted) {
  std::vector<std::string> names = fuzz_test_names(p);
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : " ") + n;
  if (!wanted.empty()) {
    for (const auto& n : names)
      if (n == wanted) return n;
    return Error{"corpus: no fuzz test " + wanted + " in " + p.pkg->import_path + " (it has [" + list + "])"};
  }
  if (names.size() == 1) return names[0];
  if (names.empty()) return Error{"corpus: no fuzz tests in " + p.pkg->import_path};
  return Error{"corpus: " + p.pkg->import_path + " has several fuzz tests [" + list +
               "]: name one with -fuzz"};
}

std::string absolute(const fs::path& cwd, const std::string& p) {
  return (cwd / p).lexically_normal().string();
}

}  // namespace

Exit corpus_command(const std::vector<std::string>& args) {
  std::string op = args.empty() ? "" : args[0];
  if (op != "decode" && op != "encode" && op != "import")
    return sub_fail("corpus: want decode, encode or import (see 'cxxtest help corpus')");
  auto opts = parse_sub_options("corpus " + op, std::vector<std::string>(args.begin() + 1, args.end()));
  if (!opts) return sub_fail(opts.error());
  // decode -asan: crash files that fail only in that build say so, as the
  // engine's reproducers do (`// needs: -asan`).
  cxxtest::instrument::Variant sanitized{cxxtest::instrument::Mode::Plain, opts->sanitizers};
  std::string needs = sanitized.sanitizer_options();
  if (std::string problem = cxxtest::instrument::check_variant(sanitized); !problem.empty())
    return sub_fail("corpus " + op + " " + needs + ": " + problem);
  std::error_code ec;
  if (!opts->dir.empty()) fs::current_path(opts->dir, ec);
  if (ec) return sub_fail("-C " + opts->dir + ": " + ec.message());
  size_t need = op == "encode" ? 1 : 2;
  if (opts->words.size() < need)
    return sub_fail("corpus " + op + ": want a package and " +
                    (op == "import" ? "corpus directories" : "files"));
  fs::path cwd = fs::current_path();
  auto opened = open_cache_dir();
  if (!opened) return sub_fail(opened.error());
  cxxtest::cachedir::Cache& cache = **opened;
  auto module = load_module({opts->words[0]}, cwd, cache.root());
  if (!module) return sub_fail(module.error());
  if (module->matched.size() != 1) return sub_fail("corpus: " + opts->words[0] + " must name one package");
  int jobs =
      opts->jobs > 0 ? opts->jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::optional<unsigned> given;
  if (opts->sanitizers) given = opts->sanitizers;
  auto tools = build_corpus_tools(*module, cache, opts->print_commands, jobs,
                                  corpus_tool_variant(*module, cache.root(), given));
  if (!tools) {
    std::cerr << tools.error();
    return Exit::Usage;
  }
  const PackagePlan& p = tools->plan.packages.front();
  if (!p.has_tests()) return sub_fail("corpus: no test files in " + p.pkg->import_path);
  auto target = pick_target(p, opts->fuzz);
  if (!target) return sub_fail(target.error());

  std::vector<std::string> files;
  std::string listing_error;
  // encode takes a directory of v1 files (testdata/fuzz/FuzzX, the
  // generated corpus) as its files, as decode and import take raw ones.
  auto add_corpus_dir = [&](const fs::path& dir) {
    auto all = cxxtest::cachedir::list_corpus_entries(dir);
    if (!all) listing_error = "corpus encode: " + all.error();
    else
      for (const auto& f : *all) files.push_back(f.string());
  };
  for (size_t i = 1; i < opts->words.size(); ++i) {
    std::string path = absolute(cwd, opts->words[i]);
    if (op == "encode" && fs::is_directory(path, ec)) add_corpus_dir(path);
    else files.push_back(path);
  }
  fs::path testdata = cachedir::testdata_corpus_dir(p.pkg->dir, *target);
  std::string dest;
  // testdata relative to the package (where the tool runs), so it prints so.
  if (op == "decode")
    dest = opts->out.empty() ? testdata.lexically_relative(p.pkg->dir).string() : absolute(cwd, opts->out);
  else if (op == "import")
    // Where a -fuzz run keeps the generated corpus: -fuzzcachedir as that
    // run is given it (relative to where cxxtest runs), else the cache's.
    dest = cachedir::target_corpus_dir(opts->fuzzcachedir.empty()
                                           ? cachedir::package_corpus_root(cache.root(), p.pkg->import_path)
                                           : fs::path(absolute(cwd, opts->fuzzcachedir)),
                                       *target)
               .string();
  else dest = absolute(cwd, opts->out.empty() ? "." : opts->out);
  if (op == "encode" && opts->words.size() == 1) add_corpus_dir(testdata);
  if (!listing_error.empty()) return sub_fail(listing_error);
  std::vector<std::string> tool_args{op == "encode" ? "encode" : "decode", *target, dest};
  // decode always says which flags (none: the tool's note on crash files
  // brought in unmarked); import fills the generated corpus, which plain
  // runs never replay, so neither.
  if (op == "decode") tool_args.push_back("-needs=" + needs);
  tool_args.insert(tool_args.end(), files.begin(), files.end());
  int code = run_corpus_tool(tools->tool.at(p.pkg->rel_dir), p.pkg->dir, tool_args, opts->print_commands);
  return code == 0 ? Exit::Ok : code == 1 ? Exit::Failed : Exit::Usage;
}

}  // namespace cxxtest::driver
