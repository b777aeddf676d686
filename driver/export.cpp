// cxxtest export: see export.h. The steps:
//   1. load the module and build each package's corpus tool (plain);
//   2. ask each tool for its targets' seeds (raw) and dictionaries;
//   3. build the [deps] the targets use and every target with the engine's
//      compilers, flags and library;
//   4. write <name>_seed_corpus.zip, <name>.dict and <name>.options beside it.
#include "driver/export.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/corpus_dir.h"
#include "cachedir/location.h"
#include "driver/corpus_tools.h"
#include "driver/export_build.h"
#include "driver/load_module.h"
#include "driver/process.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

// cxxtest's per-input limits (-fuzztimeout 10s, -fuzzrsslimit 2048 MB) as
// the engines' options, and the dictionary when there is one.
std::string options_text(const std::string& name, bool has_dict) {
  std::string dict = has_dict ? "dict = " + name + ".dict\n" : "";
  return "[libfuzzer]\n" + dict + "timeout = 10\nrss_limit_mb = 2048\n";
}

// The target's dictionary: f.Dict and testdata/fuzz/FuzzXxx.dict (from the
// tool), then the tokens cxxtest's own fuzzing learned (the cache's
// automatic dictionary). "" when there are none.
std::string dictionary(const fs::path& from_tool, const fs::path& auto_dict) {
  std::string text;
  for (const fs::path& p : {from_tool, auto_dict})
    if (auto data = cxxtest::cachedir::read_file(p)) text += *data;
  return text;
}

Expected<bool> write_seed_zip(const fs::path& seeds, const fs::path& zip) {
  std::error_code ec;
  fs::remove(zip, ec);
  auto files = cxxtest::cachedir::list_corpus_entries(seeds);
  if (!files || files->empty()) return false;
  std::vector<std::string> argv{"zip", "-q", "-j", "-X", zip.string()};
  for (const auto& f : *files) argv.push_back(f.string());
  std::string out;
  ExitStatus st = run_process(argv, ProcessOptions{}, &out);
  if (st.code == 127) return Error{"cannot run zip (install zip): executable file not found in $PATH"};
  if (!st.ok()) return Error{"zip " + zip.string() + ": " + st.describe() + "\n" + out};
  return true;
}

// Unsets environment variables for its lifetime; puts them back after.
class EnvHidden {
 public:
  explicit EnvHidden(std::vector<std::string> names) {
    for (auto& n : names)
      if (const char* v = std::getenv(n.c_str())) {
        saved_.emplace_back(n, v);
        ::unsetenv(n.c_str());
      }
  }
  ~EnvHidden() {
    for (const auto& [n, v] : saved_) ::setenv(n.c_str(), v.c_str(), 1);
  }
  EnvHidden(const EnvHidden&) = delete;
  EnvHidden& operator=(const EnvHidden&) = delete;

 private:
  std::vector<std::pair<std::string, std::string>> saved_;
};

struct Session {
  SubOptions opts;
  fs::path cwd, out;
  std::unique_ptr<cxxtest::cachedir::Cache> cache;
};

// Flags, working directory, output directory, cache.
Expected<Session> open_session(const std::vector<std::string>& args) {
  auto opts = parse_sub_options("export", args);
  if (!opts) return Error{opts.error()};
  Session s{*opts, {}, {}, nullptr};
  std::error_code ec;
  if (!s.opts.dir.empty()) fs::current_path(s.opts.dir, ec);
  if (ec) return Error{"-C " + s.opts.dir + ": " + ec.message()};
  s.cwd = fs::current_path();
  const char* env_out = std::getenv("OUT");
  std::string out = !s.opts.out.empty() ? s.opts.out : env_out ? env_out : "";
  if (out.empty()) return Error{"export: -o DIR is required (or $OUT, as OSS-Fuzz sets it)"};
  s.out = fs::absolute(out).lexically_normal();
  auto cache = open_cache_dir();
  if (!cache) return Error{cache.error()};
  s.cache = std::move(*cache);
  return s;
}

// Step 4 for one target, given its seeds and dictionary from step 2.
Expected<bool> write_extras(const ExportTarget& t, const fs::path& seeds, const std::string& dict,
                            const fs::path& out) {
  auto zipped = write_seed_zip(seeds, out / (t.name + "_seed_corpus.zip"));
  if (!zipped) return Error{zipped.error()};
  // Always a dict file, for tools that expect one; the options name it
  // only when it holds tokens (libFuzzer refuses a dictionary without any).
  std::string text = "# " + t.package->pkg->import_path + "." + t.fuzz + ", from cxxtest export\n" + dict;
  Status written = cxxtest::cachedir::write_atomic(out / (t.name + ".dict"), text);
  std::string options = options_text(t.name, !dict.empty());
  if (written) written = cxxtest::cachedir::write_atomic(out / (t.name + ".options"), options);
  if (!written) return Error{written.error()};
  return true;
}

Expected<bool> build_deps_for_engine(const Module& module, const std::vector<ExportTarget>& targets,
                                     const ExportEnv& env, const fs::path& work, bool print_commands,
                                     int jobs) {
  std::vector<Package> packages;
  std::set<std::string> seen;
  for (const auto& t : targets)
    if (seen.insert(t.package->pkg->rel_dir).second) packages.push_back(*t.package->pkg);
  DepContext ctx;
  ctx.deps_dir = work / "deps";
  ctx.external = ExternalCompilers{env.cc, env.cxx, env.cflags, env.cxxflags};
  ctx.print_commands = print_commands;
  ctx.jobs = jobs;
  ctx.module_root = module.config.root;
  auto built = build_used_deps(module.config, packages, ctx);
  if (!built) return Error{built.error()};
  return true;
}

}  // namespace

std::string export_name(const std::string& rel_dir, const std::string& target) {
  if (rel_dir == "." || rel_dir.empty()) return target;
  std::string s = rel_dir;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s + "_" + target;
}

Exit export_command(const std::vector<std::string>& args) {
  auto s = open_session(args);
  if (!s) return sub_fail(s.error());
  auto module = load_module(s->opts.words, s->cwd, s->cache->root());
  if (!module) return sub_fail(module.error());
  int jobs =
      s->opts.jobs > 0 ? s->opts.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  // 1. The corpus tools (and the plain plan the export rebuilds from). The
  // engine's $CFLAGS / $CXXFLAGS (-fsanitize=address, fuzzer-no-link) are
  // not for this plain build: its [deps] would get them from the
  // environment and its links would lack their runtimes.
  ExportEnv env = export_env_from_environment();
  auto tools = [&] {
    EnvHidden hidden({"CFLAGS", "CXXFLAGS"});
    return build_corpus_tools(*module, *s->cache, s->opts.print_commands, jobs);
  }();
  if (!tools) {
    std::cerr << tools.error();
    return Exit::Usage;
  }
  std::vector<ExportTarget> targets;
  std::map<std::string, std::string> owner;  // name -> import path, for collisions
  for (const auto& p : tools->plan.packages) {
    if (!tools->tool.count(p.pkg->rel_dir)) continue;
    // Its harness already is a libFuzzer target, and a second
    // LLVMFuzzerTestOneInput could not be linked beside it.
    if (!p.libfuzzer_harness.empty()) {
      std::cerr << "cxxtest: export: " << p.pkg->import_path << ": not exported: its libFuzzer harness ("
                << p.libfuzzer_harness.filename().string() << ") builds with $LIB_FUZZING_ENGINE as it is\n";
      continue;
    }
    for (const auto& fuzz : fuzz_test_names(p)) {
      ExportTarget t{&p, fuzz, export_name(p.pkg->rel_dir, fuzz)};
      if (auto [it, fresh] = owner.try_emplace(t.name, p.pkg->import_path); !fresh)
        return sub_fail("export: " + p.pkg->import_path + " and " + it->second + " both export " + t.name);
      targets.push_back(t);
    }
  }
  if (targets.empty()) return sub_fail("export: no fuzz tests in the packages");
  fs::path work = tools->plan.build_dir.parent_path() / ("export-" + env.key());

  // 2. Seeds and dictionaries, from each package's tool.
  for (const auto& t : targets) {
    std::error_code ec;
    fs::remove_all(work / "seeds" / t.name, ec);
    int code = run_corpus_tool(
        tools->tool.at(t.package->pkg->rel_dir), t.package->pkg->dir,
        {"seeds", t.fuzz, (work / "seeds" / t.name).string(), (work / "seeds" / (t.name + ".dict")).string()},
        s->opts.print_commands);
    if (code != 0)
      return sub_fail("export: reading the seeds of " + t.fuzz + " in " + t.package->pkg->import_path +
                      " failed");
  }

  // 3. The [deps] the targets use, built again with the engine's compilers
  // and flags (as OSS-Fuzz builds a library: instrumented for its engine
  // and sanitizer), then the binaries.
  auto deps = build_deps_for_engine(*module, targets, env, work, s->opts.print_commands, jobs);
  if (!deps) return sub_fail(deps.error());
  std::error_code ec;
  fs::create_directories(s->out, ec);
  if (ec) return sub_fail("export: " + s->out.string() + ": " + ec.message());
  DepsSwap swap{tools->plan.deps_dir, work / "deps"};
  auto built = build_exports(tools->plan, targets, env, swap, s->out, work, s->opts.print_commands, jobs);
  if (!built) return sub_fail(built.error());

  // 4. Seed corpus, dictionary and options beside each.
  for (const auto& t : targets) {
    fs::path corpora = cachedir::package_corpus_root(s->cache->root(), t.package->pkg->import_path);
    fs::path auto_dict = cachedir::auto_dict_path(cachedir::target_corpus_dir(corpora, t.fuzz));
    std::string dict = dictionary(work / "seeds" / (t.name + ".dict"), auto_dict);
    auto ok = write_extras(t, work / "seeds" / t.name, dict, s->out);
    if (!ok) return sub_fail("export: " + ok.error());
    std::cout << "exported " << t.name << "\t" << t.package->pkg->import_path << "." << t.fuzz << "\n";
  }
  return Exit::Ok;
}

}  // namespace cxxtest::driver
