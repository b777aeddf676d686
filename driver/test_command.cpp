#include "driver/test_command.h"

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <map>
#include <thread>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/corpus_dir.h"
#include "cachedir/location.h"
#include "driver/build.h"
#include "driver/cli_flags.h"
#include "driver/cover.h"
#include "driver/json_events.h"
#include "driver/link_hints.h"
#include "driver/load_module.h"
#include "driver/module.h"
#include "driver/needs_runs.h"
#include "driver/plan.h"
#include "driver/process.h"
#include "driver/result_cache.h"
#include "driver/run_tests.h"
#include "driver/shell.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;
using cxxtest::instrument::Variant;

namespace {

Exit usage_error(const std::string& message) {
  std::cerr << "cxxtest: " << message << "\n";
  return Exit::Usage;
}

Expected<Variant> variant_from(const Options& opts) {
  Variant v;
  if (opts.fuzzing()) v.mode = cxxtest::instrument::Mode::Fuzz;
  if (opts.build.asan) v.sanitizers |= cxxtest::instrument::kAddress;
  if (opts.build.ubsan) v.sanitizers |= cxxtest::instrument::kUndefined;
  if (opts.build.race) v.sanitizers |= cxxtest::instrument::kThread;
  if (opts.build.msan) v.sanitizers |= cxxtest::instrument::kMemory;
  v.bench = !opts.test.bench.empty();  // timed at -O2, allocations counted
  v.cover = opts.build.cover || !opts.build.coverpkg.empty() || !opts.build.coverprofile.empty();  // as Go's
  std::string problem = cxxtest::instrument::check_variant(v);
  if (!problem.empty()) return Error{problem};
  return v;
}

// Shortens absolute paths under `cwd` in compiler output to relative ones,
// as go test prints them.
std::string relative_to_cwd(std::string text, const fs::path& cwd) {
  std::string prefix = cwd.string() + "/";
  for (size_t at; (at = text.find(prefix)) != std::string::npos;) text.erase(at, prefix.size());
  return text;
}

// Prints build problems to stderr, "# <import path>" then the errors, as go
// test does; returns the package's stdout line.
std::string report_build_failure(const PackagePlan& p, const std::string& text, const fs::path& cwd) {
  std::cerr << "# " << p.pkg->import_path << "\n";
  for (const auto& e : p.errors) std::cerr << relative_to_cwd(e, cwd) << "\n";
  std::string hint = whole_archive_hint(text, p.link_args);
  if (hint.empty()) hint = missing_library_hint(text);
  if (hint.empty()) hint = unfound_library_hint(text);
  std::cerr << relative_to_cwd(text, cwd) << hint;
  return "FAIL\t" + p.pkg->import_path + " [build failed]\n";
}

// -c: copy the one package's binary to -o (default <pkg>.test in cwd).
Exit copy_binary(const Plan& plan, const Options& opts, const fs::path& cwd) {
  const PackagePlan& p = plan.packages.front();
  if (!p.has_tests()) return usage_error("no test files in " + p.pkg->import_path);
  std::string name = p.pkg->rel_dir == "." ? fs::path(p.pkg->import_path).filename().string()
                                           : fs::path(p.pkg->rel_dir).filename().string();
  fs::path out = opts.build.output.empty() ? name + ".test" : opts.build.output;
  if (out.is_relative()) out = cwd / out;
  auto data = cxxtest::cachedir::read_file(p.binary);
  Status written = data ? cxxtest::cachedir::write_atomic(out, *data) : Status(Error{""});
  if (!written) return usage_error("writing " + out.string() + ": " + written.error());
  fs::permissions(out, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec);
  return Exit::Ok;
}

// The package as the user would name it from `cwd`: "." , "./parser", or
// its import path when it is not below `cwd`.
std::string display_pattern(const Package& pkg, const fs::path& cwd) {
  std::string rel = pkg.dir.lexically_relative(cwd).string();
  if (rel.empty() || rel == ".") return ".";
  if (rel == ".." || rel.rfind("../", 0) == 0) return pkg.import_path;
  return "./" + rel;
}

// The test binary's flags for cxxtest.toml's [fuzz] engine switches, when
// they are not the defaults and the command line does not set them.
void add_fuzz_settings(const FuzzSettings& fz, const Options& opts, std::vector<std::string>& args) {
  auto given = [&](std::string_view name) {
    return std::any_of(opts.given.begin(), opts.given.end(),
                       [&](const FlagInfo* f) { return f->name == name; });
  };
  if (!fz.cmp_guidance) args.push_back("-test.fuzzcmp=false");
  if (!fz.detect_leaks && !given("fuzzleaks")) args.push_back("-test.fuzzleaks=false");
}

// The run of one built package: executes the binary in the package dir,
// or replays the cached output.
// `fuzzing`: the module's [fuzz] settings when fuzzing, else null.
// `rerun_flags`: the build flags a reproduction needs (-asan ...).
// `cover`: under -cover, what measures the run (package `index` of the plan).
// `extra_args`: after the user's flags (-test.seedsneeding, needs_runs.h).
PackageRun make_run(const PackagePlan& p, const Options& opts, ResultCache& results,
                    const FuzzSettings* fuzzing, const std::string& rerun_flags, const fs::path& cache_root,
                    const fs::path& cwd, Coverage* cover, size_t index,
                    const std::vector<std::string>& extra_args = {}) {
  PackageRun run;
  run.import_path = p.pkg->import_path;
  run.cover = cover != nullptr;
  run.import_only = !opts.test.fuzzimport.empty();
  std::vector<std::string> args = opts.test_binary_args();
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  if (opts.build.json && !opts.test.verbose)
    args.insert(args.begin(), "-test.v=true");  // events need every RUN line
  if (opts.build.json) ask_for_framing(args);   // -test.v=test2json (json_events.h)
  if ((fuzzing || opts.test.fuzzcorpus) && opts.test.fuzzcachedir.empty())
    args.push_back("-test.fuzzcachedir=" +
                   cachedir::package_corpus_root(cache_root, p.pkg->import_path).string());
  if (fuzzing) add_fuzz_settings(*fuzzing, opts, args);
  bool cacheable = opts.cacheable() && !fuzzing;
  std::vector<std::string> key_args = args;
  if (cover) key_args.push_back(cover->cache_key_arg());
  std::string key = cacheable ? results.key(p.binary, key_args, p.pkg->dir) : "";
  if (cacheable) {
    if (auto hit = results.lookup(key, p.pkg->dir)) {
      run.cached = true;
      run.run = [output = *hit](const Emit& emit) {
        emit(output);
        return RunOutcome{ExitStatus{0, 0}, 0};
      };
      return run;
    }
  }
  std::vector<std::string> argv{p.binary.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  fs::path env_log = p.binary.string() + ".envlog." + std::to_string(getpid());
  if (cacheable) argv.push_back("-test.testlogfile=" + env_log.string());
  if (opts.build.print_commands)
    std::cerr << "cd " << shell_quote(p.pkg->dir.string()) << " && " << shell_join(argv) << "\n";
  fs::path dir = p.pkg->dir;
  // The fuzzing coordinator prints "To re-run: cxxtest -run=FuzzX/name
  // [sanitizer flags] [-C dir] <pkg>": a sanitizer's failure only shows in
  // its build, and the command works where the user typed this one.
  std::string chdir = opts.build.chdir.empty() ? "" : "-C " + shell_quote(opts.build.chdir) + " ";
  std::vector<std::string> env{"CXXTEST_PACKAGE=" + chdir + display_pattern(*p.pkg, cwd)};
  if (!rerun_flags.empty()) env.push_back("CXXTEST_RERUN_FLAGS=" + rerun_flags);
  run.run = [argv, dir, env, cacheable, key, env_log, &results, cover, index, &p](const Emit& emit) {
    auto start = std::chrono::steady_clock::now();
    std::string captured;
    ProcessOptions popts;
    popts.cwd = dir.string();
    popts.extra_env = env;
    fs::path profile_dir = cover ? cover->make_profile_dir() : fs::path();
    if (!profile_dir.empty()) popts.extra_env.push_back(Coverage::profile_env(profile_dir));
    ExitStatus st = run_process(argv, popts, nullptr, [&](std::string_view chunk) {
      if (cacheable) captured.append(chunk);
      emit(chunk);
    });
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!profile_dir.empty()) {  // the coverage line ends the output, cached with it (run_tests.h)
      std::string line = cover->measure(p, index, profile_dir);
      if (cacheable) captured += line;
      emit(line);
    }
    if (cacheable && st.ok()) results.store(key, dir, captured, env_log);
    std::error_code ec;
    fs::remove(env_log, ec);
    return RunOutcome{st, secs};
  };
  return run;
}

// The second pass of a plain run (needs_runs.h): for each group of inputs
// that need build flags this run lacks, its packages built with them and
// run on just those inputs. Returns, per package index of `plan`, its runs
// and the flags each needs; a package that fails to build in that variant
// gets its build failure.
struct SecondPass {
  std::vector<PackageRun> runs;
  std::vector<std::string> needs;  // "-asan", one per run
};
std::map<size_t, SecondPass> needs_runs(const Plan& plan, const PlanInputs& base, const Options& opts,
                                        ResultCache& results, cxxtest::cachedir::Cache& cache,
                                        const fs::path& cwd) {
  std::map<size_t, SecondPass> out;
  for (const NeedsGroup& g : needs_groups(plan, base.variant, opts.test.run, opts.test.skip)) {
    std::vector<Package> matched;
    for (size_t i : g.packages) matched.push_back(*plan.packages[i].pkg);
    PlanInputs in = base;
    in.matched = &matched;
    in.variant = g.variant;
    auto sub = make_plan(in, cache);
    auto built = sub ? run_build(*sub, base.print_commands, static_cast<int>(opts.build.jobs))
                     : Expected<BuildResult>(Error{sub.error()});
    for (size_t k = 0; k < g.packages.size(); ++k) {
      PackageRun run;
      run.import_path = plan.packages[g.packages[k]].pkg->import_path;
      if (!built) {
        run.precomputed = "# " + run.import_path + needs_trailer(g.needs) + "\n" + built.error() + "\n";
        run.precomputed_failed = true;
      } else if (const PackagePlan& p = sub->packages[k];
                 !p.errors.empty() || built->failed.count(p.pkg->rel_dir)) {
        run.precomputed = report_build_failure(p, built->failed[p.pkg->rel_dir], cwd);
        run.precomputed_failed = true;
      } else {
        run = make_run(p, opts, results, nullptr, g.needs, cache.root(), cwd, nullptr, 0,
                       {"-test.seedsneeding=" + g.needs});
      }
      run.trailer = needs_trailer(g.needs);
      out[g.packages[k]].runs.push_back(std::move(run));
      out[g.packages[k]].needs.push_back(g.needs);
    }
  }
  return out;
}

}  // namespace

Exit test_command(const std::vector<std::string>& args) {
  // 1. Flags, module, packages.
  auto opts = parse_options(args);
  if (!opts) return usage_error(opts.error());
  if (!opts->build.chdir.empty()) {
    std::error_code ec;
    fs::current_path(opts->build.chdir, ec);
    if (ec) return usage_error("-C " + opts->build.chdir + ": " + ec.message());
  }
  fs::path cwd = fs::current_path();
  auto cache_root = cxxtest::cachedir::cache_root();
  if (!cache_root) return usage_error(cache_root.error());
  cxxtest::cachedir::Cache cache(*cache_root);
  if (Status opened = cache.open(); !opened)
    return usage_error("cache " + cache_root->string() + ": " + opened.error());
  auto module = load_module(opts->packages, cwd, *cache_root);
  if (!module) return usage_error(module.error());
  bool fuzzing = opts->fuzzing();
  // Go's text and exit status 1 (base.Fatalf); a -fuzzkeepgoing campaign
  // fuzzes the packages one after another instead (each with all workers).
  bool campaign = fuzzing && opts->test.fuzzkeepgoing;
  if (campaign && module->matched.size() > 1 && opts->test.fuzztime.duration <= 0 &&
      opts->test.fuzztime.count <= 0)
    return usage_error("-fuzzkeepgoing over several packages fuzzes them in turn, so -fuzztime must be set");
  if (fuzzing && !campaign && module->matched.size() > 1) {
    std::cerr << "cannot use -fuzz flag with multiple packages\n";
    return Exit::Failed;
  }
  if (opts->build.compile_only && module->matched.size() > 1)
    return usage_error("cannot use -c flag with multiple packages");
  if (!opts->build.output.empty() && !opts->build.compile_only) return usage_error("-o requires -c");
  // Go runs benchmarks while fuzzing; here the fuzz build's coverage
  // instrumentation would skew every timing, so the two are separate runs.
  if (fuzzing && !opts->test.bench.empty())
    return usage_error("cannot use -bench with -fuzz (run them separately)");
  auto variant = variant_from(*opts);
  if (!variant) return usage_error(variant.error());
  std::unique_ptr<Coverage> cover;
  if (variant->cover) {
    fs::path profile = opts->build.coverprofile.empty() ? fs::path() : cwd / opts->build.coverprofile;
    cover =
        std::make_unique<Coverage>(CoverSettings{opts->build.coverpkg, profile, opts->build.print_commands},
                                   module->all, module->config, cwd);
  }

  // 2. Plan: discovery and the link set of every test binary.
  int jobs = static_cast<int>(opts->build.jobs);
  bool print_commands = opts->build.print_commands;
  PlanInputs in{&module->config, &module->all,   &module->matched,
                *variant,        print_commands, opts->test.verbose};
  auto plan = make_plan(in, cache);
  if (!plan) return usage_error(plan.error());

  // 3. Build through ninja.
  auto built = run_build(*plan, print_commands, jobs);
  if (!built) return usage_error(built.error());
  if (opts->build.compile_only) {
    const PackagePlan& p = plan->packages.front();
    if (!p.errors.empty() || built->failed.count(p.pkg->rel_dir)) {
      std::cout << report_build_failure(p, built->failed[p.pkg->rel_dir], cwd);
      return Exit::Usage;
    }
    return copy_binary(*plan, *opts, cwd);
  }
  if (cover) {
    if (auto ok = cover->prepare(*plan); !ok) return usage_error(ok.error());
    cover->warn_unlinked(*plan);
  }

  // 4. Run (or fuzz) and report, in package order. While fuzzing, Ctrl-C
  // reaches the coordinator too, which stops its workers, keeps the corpus
  // and prints its last progress line: the driver waits for it instead of
  // dying first. (A handler, unlike SIG_IGN, is reset in the child by exec.)
  // SIGTERM stops fuzzing the same way (`timeout`, a CI job's end), passed
  // on to the test binary in case it was sent to the driver alone.
  if (fuzzing) {
    signal(SIGINT, [](int) {});
    signal(SIGTERM, [](int) { forward_signal_to_children(SIGTERM); });
  }
  ResultCache results(cache);
  // Inputs found by a sanitizer build run in that build too (needs_runs.h).
  std::map<size_t, SecondPass> second;
  if (!fuzzing && opts->test.list.empty()) second = needs_runs(*plan, in, *opts, results, cache, cwd);
  std::vector<PackageRun> runs;
  bool build_failed = false;
  for (size_t i = 0; i < plan->packages.size(); ++i) {
    const PackagePlan& p = plan->packages[i];
    auto more = second.find(i);  // this package's inputs that need another build
    PackageRun run;
    run.import_path = p.pkg->import_path;
    if (!p.has_tests()) {
      run.precomputed = "?   \t" + p.pkg->import_path + "\t[no test files]\n";
    } else if (!p.errors.empty() || built->failed.count(p.pkg->rel_dir)) {
      run.precomputed = report_build_failure(p, built->failed[p.pkg->rel_dir], cwd);
      run.precomputed_failed = build_failed = true;
    } else {
      // Inputs that run in a build of their own do not run here too.
      std::vector<std::string> skip;
      if (more != second.end()) {
        std::string list;
        for (const std::string& needs : more->second.needs) list += (list.empty() ? "" : "|") + needs;
        skip.push_back("-test.seedsskipneeding=" + list);
      }
      run = make_run(p, *opts, results, fuzzing ? &module->config.fuzz : nullptr,
                     variant->sanitizer_options(), cache.root(), cwd, cover.get(), i, skip);
    }
    // "ok" alone would read as the package's verdict, with its marked
    // inputs' FAIL still to come.
    if (more != second.end()) run.trailer = without_needs_trailer(more->second.needs);
    runs.push_back(std::move(run));
    if (more != second.end())
      for (PackageRun& r : more->second.runs) runs.push_back(std::move(r));
  }
  bool json = opts->build.json;
  // Benchmarks run one package at a time, as go test runs them, so that
  // two packages never time each other's load.
  // A fuzzing campaign too (each package's fuzzing takes every worker).
  // go test's package list mode: with packages named, a passing package
  // prints its "ok" line alone (its output, a library's chatter included,
  // shows with -v or when it fails); with none named (the current
  // directory), -bench, -fuzz or -list, output streams.
  Shown shown = !opts->packages.empty() && !opts->test.verbose && !json && opts->test.bench.empty() &&
                        !fuzzing && opts->test.list.empty()
                    ? Shown::Failures
                    : Shown::Streamed;
  RunSummary summary = run_packages(runs, opts->test.bench.empty() && !campaign ? jobs : 1,
                                    opts->test.verbose || json, json, shown);
  if (summary.any_failed && !json) std::cout << "FAIL\n";
  std::cout.flush();
  if (cover)
    if (auto ok = cover->write_profile(); !ok) return usage_error(ok.error());
  (void)cache.trim();  // at most once a day; failures only mean a bigger cache
  if (build_failed) return Exit::Usage;
  if (summary.race && variant->sanitizers & cxxtest::instrument::kThread) return Exit::Race;
  return summary.any_failed ? Exit::Failed : Exit::Ok;
}

}  // namespace cxxtest::driver
