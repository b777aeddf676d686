#include "driver/compiler_wrapper.h"

#include <fcntl.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "driver/deps.h"
#include "driver/paths.h"
#include "driver/shell.h"
#include "instrument/noinstrument.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;
using cxxtest::instrument::Variant;

namespace {

// Flags (of clang and gcc) whose value is the next argument.
// Laid out by hand: grouped by kind.
// clang-format off
constexpr const char* kSeparateValueFlags[] = {
    "-o", "-I", "-D", "-U", "-L", "-l", "-u", "-T", "-z", "-e", "-B", "-F",
    "-include", "-imacros", "-isystem", "-idirafter", "-iquote", "-iprefix", "-iwithprefix",
    "-iwithprefixbefore", "-isysroot", "-imultilib", "--sysroot", "-MF", "-MT", "-MQ", "-MJ",
    "-Xlinker", "-Xclang", "-Xassembler", "-Xpreprocessor", "-Xopenmp-target", "-target", "-arch",
    "-aux-info", "--param", "-dependency-file", "-mllvm", "-ivfsoverlay", "-gcc-toolchain",
    "-resource-dir", "-serialize-diagnostics", "-working-directory", "-framework",
};
// clang-format on

constexpr const char* kSourceSuffixes[] = {".c", ".cc", ".cpp", ".cxx", ".C", ".c++"};

// Inputs the compiler only hands to the linker.
bool is_linker_input(const std::string& input) {
  std::string ext = fs::path(input).extension().string();
  return ext == ".o" || ext == ".a" || ext == ".so" || ext == ".lo" ||
         input.find(".so.") != std::string::npos || (!input.empty() && input[0] == '@');
}

bool takes_separate_value(const std::string& flag) {
  return std::any_of(std::begin(kSeparateValueFlags), std::end(kSeparateValueFlags),
                     [&](const char* f) { return flag == f; });
}

// -g, -g0..3, -ggdb, -gdwarf-N, -gline-tables-only, ...: the build chose its
// debug info. -gcc-toolchain and -gcc-install-dir= are not debug flags.
bool is_debug_flag(const std::string& flag) {
  return flag.rfind("-g", 0) == 0 && flag.rfind("-gcc-", 0) != 0;
}

bool is_source(const std::string& input) {
  std::string ext = fs::path(input).extension().string();
  return std::any_of(std::begin(kSourceSuffixes), std::end(kSourceSuffixes),
                     [&](const char* s) { return ext == s; });
}

// Appends `line` to the file with one write(); "" or the reason it failed.
std::string append_line(const char* file, const std::string& line) {
  int fd = ::open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return std::strerror(errno);
  ssize_t n = ::write(fd, line.data(), line.size());
  std::string err = n < 0                                    ? std::strerror(errno)
                    : n != static_cast<ssize_t>(line.size()) ? "short write"
                                                             : "";
  ::close(fd);
  return err;
}

// The log lines for this invocation, when CXXTEST_COMPILE_LOG asks for them.
std::string log_sources(const CompilerArgs& kind, const std::vector<std::string>& args) {
  const char* log = std::getenv("CXXTEST_COMPILE_LOG");
  if (!log || !*log || (kind.kind != Invocation::Compile && kind.kind != Invocation::Link)) return "";
  std::error_code ec;
  std::string cwd = fs::current_path(ec).string();
  if (ec) return "CXXTEST_COMPILE_LOG: the current directory: " + ec.message();
  for (const auto& src : kind.sources) {
    // configure's test programs are no source of the library (and made
    // progress lines count 81 files before make began).
    if (fs::path(src).stem() == "conftest") continue;
    std::string err = append_line(log, compile_log_line(src, cwd, args));
    if (!err.empty()) return "CXXTEST_COMPILE_LOG=" + std::string(log) + ": " + err;
  }
  return "";
}

}  // namespace

CompilerArgs classify_compiler_args(const std::vector<std::string>& args) {
  CompilerArgs out;
  bool inputs = false, preprocess = false, compile = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-" || a.empty() || a[0] != '-') {
      inputs = true;
      if (is_source(a)) out.sources.push_back(a);
      if (a.empty() || !is_linker_input(a)) out.compiles = true;
    } else if (a == "-E" || a == "-M" || a == "-MM") {
      preprocess = true;
    } else if (a == "-c" || a == "-S" || a == "-fsyntax-only") {
      compile = true;
    } else if (a == "-r") {
      out.relocatable = true;
    } else if (a.rfind("-x", 0) == 0) {  // -x LANG or -xLANG
      std::string lang = a.size() > 2 ? a.substr(2) : i + 1 < args.size() ? args[++i] : "";
      out.language_forced = lang != "none";
    } else if (takes_separate_value(a)) {
      ++i;
    } else if (is_debug_flag(a)) {
      out.debug_flag = true;
      out.debug_off = a == "-g0";
    }
  }
  if (!inputs) out.kind = Invocation::Query;
  else if (preprocess) out.kind = Invocation::Preprocess;
  else if (compile) out.kind = Invocation::Compile;
  else out.kind = Invocation::Link;
  return out;
}

WrapperPaths installed_wrapper_paths() {
  const InstallPaths& p = install_paths();
  return {(p.share_dir / "ignorelist.txt").string(), p.laf_plugin.string(),
          (p.prefix / "lib" / "cxxtest").string()};
}

std::vector<std::string> wrapper_compile_flags(const Variant& v, const WrapperPaths& p) {
  return cxxtest::instrument::instrumented_flags(v, p.ignorelist, p.laf_plugin);
}

std::string coverage_stub_path(const Variant& v, const WrapperPaths& p) {
  std::string stub = cxxtest::instrument::coverage_stub_archive(v);
  return stub.empty() ? "" : (fs::path(p.lib_dir) / stub).string();
}

namespace {
constexpr char kGlobSeparator = ':';  // CXXTEST_NOINSTRUMENT's, as PATH's
}  // namespace

std::string noinstrument_env_value(const std::vector<std::string>& globs) {
  std::string out;
  for (const auto& g : globs) out += (out.empty() ? "" : std::string(1, kGlobSeparator)) + g;
  return out;
}

NoInstrument noinstrument_from_env() {
  NoInstrument n;
  const char* globs = std::getenv("CXXTEST_NOINSTRUMENT");
  std::string_view rest = globs ? globs : "";
  while (!rest.empty()) {
    size_t colon = std::min(rest.find(kGlobSeparator), rest.size());
    if (colon > 0) n.globs.emplace_back(rest.substr(0, colon));
    rest.remove_prefix(std::min(colon + 1, rest.size()));
  }
  const char* source = std::getenv("CXXTEST_DEP_SOURCE");
  const char* build = std::getenv("CXXTEST_DEP_BUILD");
  std::error_code ec;
  if (!n.globs.empty() && source && *source && build && *build &&
      fs::exists(fs::path(build) / kDepCopyMarker, ec)) {
    n.source = fs::path(source).lexically_normal().string();
    n.copy = fs::path(build).lexically_normal().string();
  }
  return n;
}

bool skips_instrumentation(const CompilerArgs& kind, const std::string& cwd, const NoInstrument& n) {
  if (n.globs.empty() || kind.sources.empty()) return false;
  for (const auto& src : kind.sources) {
    fs::path path = (fs::path(cwd) / src).lexically_normal();
    if (!n.copy.empty() && is_under(path, n.copy))
      path = (fs::path(n.source) / path.lexically_relative(n.copy)).lexically_normal();
    if (!cxxtest::instrument::is_noinstrument(n.globs, path.string())) return false;
  }
  return true;
}

std::vector<std::string> wrapped_command(const std::string& compiler, const std::vector<std::string>& args,
                                         const CompilerArgs& kind, const Variant& v, const WrapperPaths& p,
                                         bool instrument) {
  std::vector<std::string> out{compiler};
  std::vector<std::string> compile_flags;
  if (kind.kind != Invocation::Query && (kind.kind != Invocation::Link || kind.compiles))
    compile_flags = instrument ? wrapper_compile_flags(v, p) : cxxtest::instrument::uninstrumented_flags(v);
  out.insert(out.end(), compile_flags.begin(), compile_flags.end());
  bool compiles = kind.kind == Invocation::Compile || (kind.kind == Invocation::Link && kind.compiles);
  if (compiles && !kind.debug_flag) out.push_back(kWrapperDebugFlag);
  out.insert(out.end(), args.begin(), args.end());
  if (compiles) out.push_back(kWrapperNoWerror);
  if (compiles && kind.debug_off) out.push_back(kWrapperDebugFlag);
  if (kind.kind != Invocation::Link) return out;
  for (const auto& f : cxxtest::instrument::link_flags(v))  // the sanitizer flags are in both lists
    if (std::find(compile_flags.begin(), compile_flags.end(), f) == compile_flags.end()) out.push_back(f);
  std::string stub = coverage_stub_path(v, p);
  if (stub.empty() || kind.relocatable) return out;
  if (kind.language_forced) out.insert(out.end(), {"-x", "none"});
  out.push_back(stub);
  return out;
}

std::vector<std::string> external_command(const std::string& compiler, const std::vector<std::string>& args,
                                          const CompilerArgs& kind, const std::vector<std::string>& flags) {
  std::vector<std::string> out{compiler};
  if (kind.kind != Invocation::Query) out.insert(out.end(), flags.begin(), flags.end());
  out.insert(out.end(), args.begin(), args.end());
  return out;
}

std::string compile_log_line(const std::string& source, const std::string& cwd,
                             const std::vector<std::string>& args) {
  std::string line = (fs::path(cwd) / source).lexically_normal().string() + "\t" + cwd;
  for (const auto& a : args) line += "\t" + a;
  return line + "\n";
}

std::optional<Variant> variant_from_env(const char* value, std::string* error) {
  std::string name = value && *value ? value : "fuzz";
  auto v = cxxtest::instrument::parse_variant_name(name);
  std::string problem = v ? cxxtest::instrument::check_variant(*v) : "not a variant name";
  if (problem.empty()) return v;
  std::string allowed;
  for (const auto& n : cxxtest::instrument::buildable_variant_names())
    allowed += (allowed.empty() ? "" : ", ") + n;
  *error = "CXXTEST_VARIANT=" + name + ": " + problem + " (allowed: " + allowed + ")";
  return std::nullopt;
}

int compiler_wrapper_main(Language lang, const std::vector<std::string>& args) {
  const char* tool = lang == Language::C ? "cc" : "c++";
  auto fail = [&](const std::string& message, int code) {
    std::cerr << "cxxtest " << tool << ": " << message << "\n";
    return code;
  };
  // 1. The real compiler, then the variant (or an external build's
  // flags), from the environment.
  const char* compiler_var = lang == Language::C ? "CXXTEST_CC" : "CXXTEST_CXX";
  const char* compiler = std::getenv(compiler_var);
  if (!compiler || !*compiler) compiler = lang == Language::C ? "clang" : "clang++";
  CompilerArgs kind = classify_compiler_args(args);
  std::vector<std::string> argv;
  const char* variant_name = std::getenv("CXXTEST_VARIANT");
  if (variant_name && std::string(variant_name) == "external") {
    const char* flags =
        std::getenv(lang == Language::C ? "CXXTEST_EXTERNAL_CFLAGS" : "CXXTEST_EXTERNAL_CXXFLAGS");
    argv = external_command(compiler, args, kind, split_flags(flags ? flags : ""));
  } else {
    std::string error;
    auto variant = variant_from_env(variant_name, &error);
    if (!variant) return fail(error, 2);
    WrapperPaths paths = installed_wrapper_paths();
    if (variant->laf && !fs::exists(paths.laf_plugin))
      return fail("CXXTEST_VARIANT=" + variant->name() + " needs " + paths.laf_plugin +
                      ", which is missing (cxxtest was built without LLVM's development files)",
                  2);
    bool instrument = true;
    if (variant->mode == cxxtest::instrument::Mode::Fuzz) {
      std::error_code ec;
      instrument = !skips_instrumentation(kind, fs::current_path(ec).string(), noinstrument_from_env());
    }
    argv = wrapped_command(compiler, args, kind, *variant, paths, instrument);
  }

  // 2. The log and the verbose line.
  if (std::string err = log_sources(kind, args); !err.empty()) return fail(err, 2);
  if (const char* verbose = std::getenv("CXXTEST_WRAPPER_VERBOSE"); verbose && std::string(verbose) == "1")
    std::cerr << shell_join(argv) << "\n";

  // 3. Become the compiler.
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  ::execvp(cargv[0], cargv.data());
  if (errno == ENOENT) return fail(std::string(compiler) + ": not found (set " + compiler_var + ")", 127);
  return fail(std::string(compiler) + ": " + std::strerror(errno), 126);
}

std::optional<Language> wrapper_language_for(const std::string& argv0) {
  std::string name = fs::path(argv0).filename().string();
  if (name == "cxxtest-cc") return Language::C;
  if (name == "cxxtest-c++") return Language::Cxx;
  return std::nullopt;
}

}  // namespace cxxtest::driver
