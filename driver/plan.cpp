#include "driver/plan.h"

#include <unistd.h>
#include <algorithm>
#include <iostream>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/sha256.h"
#include "driver/compile_db.h"
#include "driver/deps.h"
#include "driver/include_graph.h"
#include "driver/laf_compilers.h"
#include "driver/paths.h"
#include "driver/process.h"
#include "instrument/noinstrument.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;
using cxxtest::instrument::Mode;

namespace {

// Runs pkg-config once per (mode, names) and remembers the answer.
Expected<std::vector<std::string>> pkg_config(const std::string& mode,
                                              const std::vector<std::string>& names) {
  static std::map<std::string, std::vector<std::string>> memo;
  if (names.empty()) return std::vector<std::string>{};
  std::vector<std::string> argv{"pkg-config", mode};
  argv.insert(argv.end(), names.begin(), names.end());
  std::string key;
  for (const auto& a : argv) key += a + " ";
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  std::string out;
  ProcessOptions opts;
  ExitStatus st = run_process(argv, opts, &out);
  if (!st.ok()) return Error{"cxxtest.toml: pkg_config: " + key + "failed: " + out};
  std::vector<std::string> words;
  size_t i = 0;
  while (i < out.size()) {
    while (i < out.size() && std::isspace(static_cast<unsigned char>(out[i]))) ++i;
    size_t j = i;
    while (j < out.size() && !std::isspace(static_cast<unsigned char>(out[j]))) ++j;
    if (j > i) words.push_back(out.substr(i, j - i));
    i = j;
  }
  return memo[key] = words;
}

enum class Lang { C, Cxx };

Lang lang_of(const fs::path& src) { return is_c_source(src) ? Lang::C : Lang::Cxx; }

// A .c libFuzzer harness written for $CXX, as OSS-Fuzz and fuzzer-test-suite
// build scripts compile many: `extern "C"` with no __cplusplus guard, which
// no C compiler takes. Compiled as C++ (-x c++).
bool c_harness_in_cxx(const fs::path& src) {
  auto text = cxxtest::cachedir::read_file(src);
  return text && text->find("extern \"C\"") != std::string::npos &&
         text->find("__cplusplus") == std::string::npos;
}

bool is_cxx_std(const std::string& flag) {
  return flag.rfind("-std=c++", 0) == 0 || flag.rfind("-std=gnu++", 0) == 0;
}

// What every compile of a run shares: the config, the compilation database
// and the built deps.
struct FlagSources {
  const Config* config = nullptr;
  std::map<std::string, CompileDb> dbs;         // by compile_commands path
  std::map<std::string, DepBuild> deps;         // by dep name
  std::unordered_set<std::string> dep_sources;  // compiled by a dep's own build

  const CompileDb* db_for(const BuildSettings& s) const {
    if (s.compile_commands.empty()) return nullptr;
    auto it = dbs.find(s.compile_commands);
    return it == dbs.end() ? nullptr : &it->second;
  }
  // The deps a package uses: its deps key, else all.
  std::vector<const DepBuild*> deps_of(const BuildSettings& s) const {
    std::vector<const DepBuild*> out;
    for (const auto& d : config->deps)
      if (s.deps.empty() || std::find(s.deps.begin(), s.deps.end(), d.name) != s.deps.end())
        if (auto it = deps.find(d.name); it != deps.end()) out.push_back(&it->second);
    return out;
  }
  // The same in link order: a dep may use those listed before it, and the
  // linker takes what an archive needs only from the archives after it.
  std::vector<const DepBuild*> deps_to_link(const BuildSettings& s) const {
    std::vector<const DepBuild*> out = deps_of(s);
    std::reverse(out.begin(), out.end());
    return out;
  }
};

// The -std= of one compile: a test file always gets the module's C++
// standard (cxxtest.h needs C++17); a library source keeps the one its
// compile_commands entry gives; C gets c_std, else its entry's, else the
// compiler's default.
std::vector<std::string> std_flag(const BuildSettings& s, const CompileDb* db, const fs::path& src, Lang lang,
                                  bool test_file) {
  std::string own = db && !test_file ? db->std_of(src) : "";
  if (lang == Lang::Cxx) return {is_cxx_std(own) ? own : "-std=" + s.std};
  if (!s.c_std.empty()) return {"-std=" + s.c_std};
  if (!own.empty() && !is_cxx_std(own)) return {own};
  return {};
}

// Flags of one compile, before the variant's flags: standard, module and
// include dirs, deps' include dirs and defines, defines, pkg-config, the
// compilation database's flags for the file.
Expected<std::vector<std::string>> base_flags(const FlagSources& fs_, const BuildSettings& s,
                                              const fs::path& src, Lang lang, bool test_file) {
  const Config& config = *fs_.config;
  const CompileDb* db = fs_.db_for(s);
  std::vector<std::string> f = std_flag(s, db, src, lang, test_file);
  // C headers written before C++17 declare `register` parameters (Little
  // CMS 2.8's lcms2.h): an error in C++17 and later unless this says not.
  if (lang == Lang::Cxx) f.push_back("-Wno-register");
  f.insert(f.end(), {"-g", "-O1", "-I" + config.root.string()});
  for (const auto& dir : s.include_dirs) f.push_back("-I" + (config.root / dir).lexically_normal().string());
  f.push_back("-isystem");
  f.push_back(install_paths().include_dir.string());
  for (const DepBuild* d : fs_.deps_of(s)) {
    for (const auto& dir : d->include_dirs) f.push_back("-I" + dir.string());
    for (const auto& def : d->defines) f.push_back("-D" + def);
    f.insert(f.end(), d->compile_flags.begin(), d->compile_flags.end());
  }
  for (const auto& d : s.defines) f.push_back("-D" + d);
  auto pc = pkg_config("--cflags", s.pkg_config);
  if (!pc) return Error{pc.error()};
  f.insert(f.end(), pc->begin(), pc->end());
  if (db) {
    auto more = db->flags_for(src);
    f.insert(f.end(), more.begin(), more.end());
  }
  return f;
}

// The user's own flags of one compile, after the variant's.
std::vector<std::string> user_flags(const BuildSettings& s, Lang lang) {
  std::vector<std::string> f = s.flags;
  const auto& extra = lang == Lang::C ? s.cflags : s.cxxflags;
  f.insert(f.end(), extra.begin(), extra.end());
  return f;
}

// ldflags and libs from cxxtest.toml with their relative paths made the
// module root's, as include_dirs are: the link runs in the cache's build
// dir, where "prebuilt/libx.a" or "-Lprebuilt" would name nothing. A path
// is an entry with a '/' ("m" stays -lm), a library or object file's name
// ("libx.a", "libx.so.1", "x.o": a file in the module root, not -llibx.a),
// or what follows -L.
bool names_a_file(const std::string& a) {
  auto ends = [&](std::string_view s) { return a.size() > s.size() && a.ends_with(s); };
  return a.find('/') != std::string::npos || ends(".a") || ends(".o") || ends(".so") ||
         a.find(".so.") != std::string::npos;
}

std::vector<std::string> module_link_args(const fs::path& root, const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& a : args) {
    if (a.rfind("-L", 0) == 0 && a.size() > 2 && a[2] != '/')
      out.push_back("-L" + (root / a.substr(2)).lexically_normal().string());
    else if (!a.empty() && a[0] != '-' && a[0] != '/' && names_a_file(a))
      out.push_back((root / a).lexically_normal().string());
    else out.push_back(a);
  }
  return out;
}

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::string object_name(const Config& config, const fs::path& source) {
  return "obj/" + source.lexically_relative(config.root).string() + ".o";
}

std::string package_slug(const std::string& rel_dir) {
  if (rel_dir == ".") return "_root";
  std::string s = rel_dir;
  for (auto& c : s)
    if (c == '/') c = '~';
  return s;
}

}  // namespace

cxxtest::instrument::Variant configured_variant(cxxtest::instrument::Variant v, const Config& config) {
  v.laf = v.mode == Mode::Fuzz && config.fuzz.laf;
  return v;
}

cxxtest::instrument::Variant deps_variant(const cxxtest::instrument::Variant& v, const Config& config) {
  if (v.mode != Mode::Plain || v.cover || v.bench || config.fuzz.laf) return v;
  cxxtest::instrument::Variant fuzz = v;
  fuzz.mode = Mode::Fuzz;
  return fuzz;
}

fs::path build_dir_for(const fs::path& cache_root, const Config& config,
                       const cxxtest::instrument::Variant& variant) {
  std::string key = cxxtest::cachedir::sha256_hex(config.root.string()).substr(0, 16);
  return cache_root / cachedir::kBuildArea / key / configured_variant(variant, config).name();
}

std::string generate_main(const std::vector<TestFunc>& funcs, const std::string& import_path) {
  std::string decls, tests, fuzz, benchmarks;
  size_t ntests = 0, nfuzz = 0, nbench = 0;
  bool test_main = false;
  for (const auto& f : funcs) {
    if (f.test_main) {  // one per package: make_plan reports a second one
      if (!test_main) decls += "void TestMain(cxxtest::M&);\n";
      test_main = true;
      continue;
    }
    const char* param = f.bench ? "(cxxtest::B&);\n" : f.fuzz ? "(cxxtest::F&);\n" : "(cxxtest::T&);\n";
    decls += std::string("void ") + f.name + param;
    std::string entry = "  {\"" + f.name + "\", &" + f.name + "},\n";
    if (f.bench) {
      benchmarks += entry;
      ++nbench;
    } else if (f.fuzz) {
      fuzz += entry;
      ++nfuzz;
    } else {
      tests += entry;
      ++ntests;
    }
  }
  std::string out = "// Generated by cxxtest. Do not edit.\n#include <cxxtest/entry.h>\n\n" + decls + "\n";
  if (ntests) out += "static const cxxtest::internal::TestEntry cxxtest_tests[] = {\n" + tests + "};\n";
  if (nfuzz) out += "static const cxxtest::internal::FuzzEntry cxxtest_fuzz_targets[] = {\n" + fuzz + "};\n";
  if (nbench)
    out += "static const cxxtest::internal::BenchmarkEntry cxxtest_benchmarks[] = {\n" + benchmarks + "};\n";
  out += "\nint main(int argc, char** argv) {\n";
  if (test_main) out += "  cxxtest::internal::set_test_main(&TestMain);  // run_main calls it (entry.h)\n";
  if (nbench)  // before run_main, which runs them after the tests (entry.h)
    out += "  cxxtest::internal::set_benchmarks(cxxtest_benchmarks, " + std::to_string(nbench) + ", \"" +
           import_path + "\");\n";
  out += "  return cxxtest::internal::run_main(argc, argv, ";
  out += ntests ? "cxxtest_tests, " + std::to_string(ntests) : std::string("nullptr, 0");
  out += ", ";
  out += nfuzz ? "cxxtest_fuzz_targets, " + std::to_string(nfuzz) : std::string("nullptr, 0");
  out += ");\n}\n";
  return out;
}

namespace {

void note(const PlanInputs& in, const std::string& message) {
  if (in.verbose) std::cerr << "cxxtest: note: " << message << "\n";
}

std::string rel_of(const Config& config, const fs::path& p) {
  return p.lexically_relative(config.root).string();
}

// True when `program` runs: a path to an executable, or a name found in PATH.
bool runnable(const std::string& program) {
  static std::map<std::string, bool> memo;
  auto [it, fresh] = memo.try_emplace(program, false);
  if (!fresh) return it->second;
  if (program.find('/') != std::string::npos) return it->second = access(program.c_str(), X_OK) == 0;
  const char* path = getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (size_t start = 0; start <= dirs.size();) {
    size_t colon = dirs.find(':', start);
    std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (access(((dir.empty() ? "." : dir) + "/" + program).c_str(), X_OK) == 0) return it->second = true;
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return false;
}

bool has_c_sources(const Package& pkg) {
  return std::any_of(pkg.sources.begin(), pkg.sources.end(),
                     [](const fs::path& p) { return is_c_source(p); });
}

// The dep context's compilers: the module's (DepContext::module_cc).
void set_module_compilers(const Config& config, DepContext& ctx) {
  ctx.module_cc = config.build.c_compiler;
  ctx.module_cxx = config.build.compiler;
}

// A compiler that cannot run is the config's problem, named where it is set.
Expected<bool> check_compilers(const PlanInputs& in) {
  for (const auto& pkg : *in.matched) {
    BuildSettings s = in.config->for_package(pkg.rel_dir);
    bool has_c = has_c_sources(pkg);
    for (const char* key : {"compiler", "c_compiler"}) {
      const std::string& program = std::string_view(key) == "compiler" ? s.compiler : s.c_compiler;
      if (std::string_view(key) == "c_compiler" && !has_c) continue;
      if (runnable(program)) continue;
      std::string pkg_key = "package." + pkg.rel_dir + "." + key;
      std::string at = in.config->locations.count(pkg_key)
                           ? in.config->location_of(pkg_key)
                           : in.config->location_of(std::string("build.") + key);
      return Error{at + ": " + key + " \"" + program + "\" is not an executable file or a program in PATH " +
                   "(set build." + key + " to clang++/clang or a compiler's path)"};
    }
  }
  return true;
}

// The compilers a laf build runs: each matched package's (its C compiler
// when it has C sources) and, when there are deps, the ones the wrappers
// run for them.
std::vector<std::string> laf_build_compilers(const PlanInputs& in) {
  std::vector<std::string> out;
  auto add = [&](const std::string& c) {
    if (!c.empty() && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (const auto& pkg : *in.matched) {
    BuildSettings s = in.config->for_package(pkg.rel_dir);
    add(s.compiler);
    if (has_c_sources(pkg)) add(s.c_compiler);
  }
  if (!in.config->deps.empty()) {
    DepContext ctx;
    set_module_compilers(*in.config, ctx);
    for (bool cxx : {false, true}) add(dep_compiler(ctx, cxx));
  }
  return out;
}

// Loads every compile_commands file the packages' settings name.
Expected<bool> load_compile_dbs(const PlanInputs& in, FlagSources& sources) {
  std::vector<std::string> files{in.config->build.compile_commands};
  for (const auto& pkg : *in.matched) files.push_back(in.config->for_package(pkg.rel_dir).compile_commands);
  for (const auto& f : files) {
    if (f.empty() || sources.dbs.count(f)) continue;
    fs::path path = fs::path(f).is_absolute() ? fs::path(f) : in.config->root / f;
    auto db = CompileDb::load(path);
    if (!db) return Error{"cxxtest.toml: compile_commands: " + db.error()};
    sources.dbs.emplace(f, std::move(*db));
  }
  return true;
}

// Builds (or finds up to date) every dep a matched package uses.
Expected<bool> build_deps(const PlanInputs& in, const cxxtest::instrument::Variant& variant,
                          const fs::path& deps_dir, FlagSources& sources) {
  DepContext ctx;
  ctx.variant = deps_variant(variant, *in.config);  // with [fuzz] laf applied, as the module's own code
  ctx.deps_dir = deps_dir;
  ctx.print_commands = in.print_commands;
  ctx.module_root = in.config->root;
  ctx.module_noinstrument = in.config->noinstrument;
  set_module_compilers(*in.config, ctx);
  auto built = build_used_deps(*in.config, *in.matched, ctx);
  if (!built) return Error{built.error()};
  for (const auto& [name, dep] : *built)
    for (const auto& src : dep.compiled_sources) sources.dep_sources.insert(src.string());
  sources.deps = std::move(*built);
  return true;
}

// The link arguments of a dep: its archives, whole when asked (so its own
// definitions win over a sanitizer runtime's weak interceptors: a library's
// regcomp over ASan's), else in a group when their order is not known.
void add_dep_archives(const std::vector<const DepBuild*>& deps, std::vector<std::string>& args) {
  for (const DepBuild* d : deps) {
    auto is_program = [&](const fs::path& a) {
      return std::find(d->program_archives.begin(), d->program_archives.end(), a) !=
             d->program_archives.end();
    };
    std::vector<std::string> libs, programs;
    for (const auto& a : d->archives) (is_program(a) ? programs : libs).push_back(a.string());
    if (!libs.empty()) {
      const char* open = d->whole_archive ? "-Wl,--whole-archive"
                         : d->link_group  ? "-Wl,--start-group"
                                          : nullptr;
      const char* close = d->whole_archive ? "-Wl,--no-whole-archive"
                          : d->link_group  ? "-Wl,--end-group"
                                           : nullptr;
      if (open) args.push_back(open);
      args.insert(args.end(), libs.begin(), libs.end());
      if (close) args.push_back(close);
    }
    args.insert(args.end(), programs.begin(), programs.end());
  }
}

// Go's "multiple definitions of TestMain": a package has at most one, so
// each after the first is an error at its own location.
void check_one_test_main(PackagePlan& pp) {
  auto at = [](const TestFunc& f) {
    return f.file.string() + ":" + std::to_string(f.line) + ":" + std::to_string(f.col);
  };
  const TestFunc* first = nullptr;
  for (const TestFunc& f : pp.funcs) {
    if (!f.test_main) continue;
    if (first)
      pp.errors.push_back(at(f) + ": multiple definitions of TestMain (the first is at " + at(*first) + ")");
    else first = &f;
  }
}

}  // namespace

Expected<std::map<std::string, DepBuild>> build_used_deps(const Config& config,
                                                          const std::vector<Package>& packages,
                                                          const DepContext& ctx) {
  // The deps the packages link, and every dep listed before one of them:
  // a dep's build finds those before it (libvorbis's configure needs
  // libogg), so a package that links only vorbis still builds ogg first,
  // and vorbis is the same build whichever packages a run matched.
  size_t wanted = 0;  // deps [0, wanted) are built
  for (const auto& pkg : packages) {
    BuildSettings s = config.for_package(pkg.rel_dir);
    for (size_t i = 0; i < config.deps.size(); ++i)
      if (s.deps.empty() || std::find(s.deps.begin(), s.deps.end(), config.deps[i].name) != s.deps.end())
        wanted = std::max(wanted, i + 1);
  }
  std::map<std::string, DepBuild> out;
  DepContext each = ctx;  // each dep's build finds those built before it
  for (size_t i = 0; i < wanted; ++i) {
    const DepSpec& spec = config.deps[i];
    auto built = ensure_dep(spec, each);
    if (!built) return Error{built.error()};
    each.earlier.push_back({spec.name, *built});
    out.emplace(spec.name, std::move(*built));
  }
  return out;
}

Expected<Plan> make_plan(const PlanInputs& in, cxxtest::cachedir::Cache& cache) {
  const Config& config = *in.config;
  const cxxtest::instrument::Variant variant = configured_variant(in.variant, config);
  if (variant.laf && !fs::exists(install_paths().laf_plugin))
    return Error{"cxxtest.toml: [fuzz] laf = true needs " + install_paths().laf_plugin.string() +
                 ", which is missing (cxxtest was built without LLVM's development files)"};
  Plan plan;
  plan.build_dir = build_dir_for(cache.root(), config, variant);
  plan.deps_dir = build_dir_for(cache.root(), config, deps_variant(variant, config)) / "deps";
  if (auto ok = check_compilers(in); !ok) return Error{ok.error()};
  if (variant.laf)
    if (auto ok = check_laf_compilers(config, laf_build_compilers(in)); !ok) return Error{ok.error()};
  FlagSources sources;
  sources.config = &config;
  if (auto ok = load_compile_dbs(in, sources); !ok) return Error{ok.error()};
  if (auto ok = build_deps(in, variant, plan.deps_dir, sources); !ok) return Error{ok.error()};

  // The include graph resolves includes as the compiles do: the module
  // root, the configured include dirs, then the compilation databases'.
  std::vector<fs::path> search{config.root};
  for (const auto& d : config.build.include_dirs) search.push_back(config.root / d);
  for (const auto& [dir, settings] : config.packages)
    for (const auto& d : settings.include_dirs) search.push_back(config.root / d);
  for (const auto& [name, db] : sources.dbs)
    for (const auto& d : db.include_dirs()) search.push_back(d);
  IncludeGraph graph(config.root, search, plan.build_dir.parent_path() / "includes-v3.txt");
  std::vector<std::pair<std::string, std::string>> header_dirs;
  for (const auto& [dir, settings] : config.packages)
    for (const auto& h : settings.headers)
      header_dirs.emplace_back(fs::path(h).lexically_normal().string(), dir);
  graph.set_header_packages(std::move(header_dirs));
  std::string ignorelist = (install_paths().share_dir / "ignorelist.txt").string();
  std::string laf_plugin = install_paths().laf_plugin.string();

  // Test files first: a *_test.cpp that never includes <cxxtest/cxxtest.h>
  // is some other framework's (GoogleTest's, say), not ours.
  std::vector<std::vector<fs::path>> test_files;
  for (const auto& pkg : *in.matched) {
    test_files.emplace_back();
    for (const auto& tf : pkg.test_files) {
      if (graph.includes_cxxtest(tf)) test_files.back().push_back(tf);
      else
        note(in,
             rel_of(config, tf) + " is not a cxxtest test file (it does not include <cxxtest/cxxtest.h>)");
    }
  }

  // Discovery: one batch over every test file of every matched package.
  std::vector<DiscoveryJob> jobs;
  for (size_t i = 0; i < in.matched->size(); ++i) {
    BuildSettings s = config.for_package((*in.matched)[i].rel_dir);
    for (const auto& tf : test_files[i]) {
      auto flags = base_flags(sources, s, tf, Lang::Cxx, true);
      if (!flags) return Error{flags.error()};
      auto reach = graph.reachable({tf});
      jobs.push_back(
          DiscoveryJob{tf,
                       {reach.begin(), reach.end()},
                       s.compiler,
                       with(with(*flags, {cxxtest::instrument::kFuzzingBuildMode}), user_flags(s, Lang::Cxx)),
                       {},
                       {}});
    }
  }
  auto found = discover(jobs, cache, in.print_commands);
  if (!found) return Error{found.error()};

  // Every package links the sources of the packages it reaches, so the same
  // source comes up once per linking package: keyed by its path string, a
  // repeat costs one hash lookup (a no-op run of 20 packages has ~200).
  std::unordered_map<std::string, fs::path> compiled;
  auto add_compile = [&](const Package& owner, const fs::path& src, bool test_file) -> Expected<fs::path> {
    auto [it, fresh] = compiled.try_emplace(src.native());
    if (!fresh) return it->second;
    fs::path obj = it->second = plan.build_dir / object_name(config, src);
    BuildSettings s = config.for_package(owner.rel_dir);
    Lang lang = lang_of(src);
    bool c_as_cxx = lang == Lang::C && (graph.entry_points(src) & kFuzzerEntry) && c_harness_in_cxx(src);
    if (c_as_cxx) lang = Lang::Cxx;
    auto flags = base_flags(sources, s, src, lang, test_file);
    if (!flags) return Error{flags.error()};
    if (c_as_cxx) flags->insert(flags->end(), {"-x", "c++"});
    bool instrument = variant.mode == Mode::Plain ||
                      !cxxtest::instrument::is_noinstrument(config.noinstrument, rel_of(config, src));
    auto variant_flags = instrument ? cxxtest::instrument::instrumented_flags(variant, ignorelist, laf_plugin)
                                    : cxxtest::instrument::uninstrumented_flags(variant);
    plan.compiles.push_back(CompileStep{src, obj, lang == Lang::C ? s.c_compiler : s.compiler,
                                        with(with(*flags, variant_flags), user_flags(s, lang))});
    return obj;
  };
  // Library sources a test binary links: not programs, not a dep's own. A
  // libFuzzer harness (LLVMFuzzerTestOneInput) is linked into its own
  // package's binary, whose FuzzXxx may call it, and into no other.
  std::unordered_map<std::string, unsigned> entries;
  auto is_linkable = [&](const fs::path& src, bool own_package) {
    if (sources.dep_sources.count(src.native())) return false;
    auto [it, fresh] = entries.try_emplace(src.native(), 0);
    if (fresh) {
      it->second = graph.entry_points(src);
      if ((it->second & kMainEntry) && (it->second & kFuzzerEntry))
        std::cerr << "cxxtest: warning: " << rel_of(config, src)
                  << " defines LLVMFuzzerTestOneInput and main(): as a program it is not linked into test "
                     "binaries (a harness's own main() belongs under #ifdef, as libFuzzer links its own)\n";
      else if (it->second & kMainEntry)
        note(in, rel_of(config, src) + " defines main(): not linked into test binaries");
    }
    if (it->second & kMainEntry) return false;
    return own_package || !(it->second & kFuzzerEntry);
  };

  size_t job = 0;
  for (size_t i = 0; i < in.matched->size(); ++i) {
    const Package& pkg = (*in.matched)[i];
    PackagePlan pp;
    pp.pkg = &pkg;
    pp.test_files = test_files[i];
    BuildSettings s = config.for_package(pkg.rel_dir);
    pp.compiler = s.compiler;
    for (size_t t = 0; t < pp.test_files.size(); ++t, ++job) {
      pp.funcs.insert(pp.funcs.end(), jobs[job].funcs.begin(), jobs[job].funcs.end());
      pp.errors.insert(pp.errors.end(), jobs[job].errors.begin(), jobs[job].errors.end());
    }
    check_one_test_main(pp);
    if (pp.has_tests()) {
      for (const Package* linked : graph.link_set(pkg, pp.test_files, *in.all)) {
        for (const auto& src : linked->sources) {
          bool own = linked == &pkg || linked->rel_dir == pkg.rel_dir;
          if (!is_linkable(src, own)) continue;
          if (own && (entries.at(src.native()) & kFuzzerEntry)) {
            // Two would not link (LLVMFuzzerTestOneInput twice): say so here,
            // not as the linker's duplicate symbol.
            if (!pp.libfuzzer_harness.empty())
              pp.errors.push_back(rel_of(config, src) + ": a second libFuzzer harness in package " +
                                  pkg.import_path + " (the first is " + rel_of(config, pp.libfuzzer_harness) +
                                  "): each LLVMFuzzerTestOneInput goes in a directory of its own, with its "
                                  "own *_test.cpp");
            pp.libfuzzer_harness = src;
          }
          auto obj = add_compile(*linked, src, false);
          if (!obj) return Error{obj.error()};
          pp.objects.push_back(*obj);
        }
      }
      for (const auto& tf : pp.test_files) {
        auto obj = add_compile(pkg, tf, true);
        if (!obj) return Error{obj.error()};
        pp.objects.push_back(*obj);
      }
      std::string slug = package_slug(pkg.rel_dir);
      pp.main_source = plan.build_dir / "gen" / (slug + "_main.cpp");
      fs::path main_obj = plan.build_dir / "gen" / (slug + "_main.o");
      auto base = base_flags(sources, s, pp.main_source, Lang::Cxx, true);
      if (!base) return Error{base.error()};
      plan.compiles.push_back(CompileStep{pp.main_source, main_obj, s.compiler,
                                          with(*base, cxxtest::instrument::uninstrumented_flags(variant))});
      pp.objects.push_back(main_obj);
      pp.binary = plan.build_dir / "bin" / (slug + ".test");
      pp.link_args = module_link_args(config.root, s.ldflags);
      const std::vector<const DepBuild*> link_deps = sources.deps_to_link(s);
      add_dep_archives(link_deps, pp.link_args);
      // The interception archive goes before the runtime: it uses the hook
      // variable that the runtime archive, after it, defines.
      // So does the malloc archive: the allocation limit.
      for (const std::string& archive :
           {cxxtest::instrument::interception_archive(variant), cxxtest::instrument::malloc_archive(variant)})
        if (!archive.empty())
          pp.link_args = with(pp.link_args, {"-Wl,--whole-archive",
                                             (install_paths().runtime_lib.parent_path() / archive).string(),
                                             "-Wl,--no-whole-archive"});
      pp.link_args.push_back(install_paths().runtime_lib.string());
      for (const DepBuild* d : link_deps) pp.link_args = with(pp.link_args, d->link_args);
      for (const auto& lib : module_link_args(config.root, s.libs))
        pp.link_args.push_back(
            lib.empty() || lib[0] == '-' || lib.find('/') != std::string::npos ? lib : "-l" + lib);
      auto libs = pkg_config("--libs", s.pkg_config);
      if (!libs) return Error{libs.error()};
      pp.link_args = with(pp.link_args, *libs);
      pp.link_args = with(pp.link_args, cxxtest::instrument::link_flags(variant));
    }
    plan.packages.push_back(std::move(pp));
  }
  graph.save();
  return plan;
}

}  // namespace cxxtest::driver
