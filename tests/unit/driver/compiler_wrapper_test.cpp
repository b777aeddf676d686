// cxxtest-cc / cxxtest-c++: which invocations compile, preprocess, link or
// only ask the compiler something, and which flags each gets.
#include <doctest/doctest.h>

#include <algorithm>

#include "driver/compiler_wrapper.h"
#include "driver/shell.h"

using namespace cxxtest::driver;
using cxxtest::instrument::Mode;
using cxxtest::instrument::Variant;

namespace {

using Args = std::vector<std::string>;

const WrapperPaths kPaths{"/p/share/cxxtest/ignorelist.txt", "/p/lib/cxxtest/cxxtest-laf.so",
                          "/p/lib/cxxtest"};
const Variant kFuzz{Mode::Fuzz, cxxtest::instrument::kNoSanitizer, false};
const Variant kFuzzAsan{Mode::Fuzz, cxxtest::instrument::kAddress, false};
const Variant kPlain{};
const std::string kCoverage = "-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp,stack-depth";
const std::string kStub = "/p/lib/cxxtest/libcxxtest_covstub.a";

Invocation kind_of(const Args& args) { return classify_compiler_args(args).kind; }

Args command(const Args& args, const Variant& v = kFuzz) {
  return wrapped_command("clang", args, classify_compiler_args(args), v, kPaths);
}

long count(const Args& argv, const std::string& flag) { return std::count(argv.begin(), argv.end(), flag); }

long index_of(const Args& argv, const std::string& flag) {
  return std::find(argv.begin(), argv.end(), flag) - argv.begin();
}

}  // namespace

TEST_CASE("compile, preprocess, link and query invocations") {
  CHECK(kind_of({"-c", "a.c", "-o", "a.o"}) == Invocation::Compile);
  CHECK(kind_of({"-S", "a.cc"}) == Invocation::Compile);
  CHECK(kind_of({"-fsyntax-only", "a.cc"}) == Invocation::Compile);
  CHECK(kind_of({"-MD", "-MF", "a.d", "-c", "a.c"}) == Invocation::Compile);  // -MD compiles too
  CHECK(kind_of({"-E", "a.c"}) == Invocation::Preprocess);
  CHECK(kind_of({"-M", "a.c"}) == Invocation::Preprocess);
  CHECK(kind_of({"-MM", "a.c"}) == Invocation::Preprocess);
  CHECK(kind_of({"-E", "-dM", "-x", "c", "-"}) == Invocation::Preprocess);  // stdin is an input
  CHECK(kind_of({"a.o", "b.o", "-o", "prog"}) == Invocation::Link);
  CHECK(kind_of({"main.c", "-o", "prog"}) == Invocation::Link);
  CHECK(kind_of({"-shared", "a.o", "-o", "liba.so"}) == Invocation::Link);
  CHECK(kind_of({"@objects.rsp", "-o", "prog"}) == Invocation::Link);
  // No input: the compiler is only asked something (configure, CMake do this).
  CHECK(kind_of({"--version"}) == Invocation::Query);
  CHECK(kind_of({"-v"}) == Invocation::Query);
  CHECK(kind_of({"-dumpmachine"}) == Invocation::Query);
  CHECK(kind_of({"-print-file-name=libc.so"}) == Invocation::Query);
  // Values of flags that take the next argument are not inputs.
  CHECK(kind_of({"-o", "prog", "-I", "inc", "-D", "X", "-Xlinker", "--gc-sections", "-MF", "d"}) ==
        Invocation::Query);
}

TEST_CASE("a link compiles when an input is not an object, archive, shared library or response file") {
  CHECK(classify_compiler_args({"main.c", "-o", "prog"}).compiles);
  CHECK(classify_compiler_args({"-x", "c", "main.inc", "-o", "prog"}).compiles);
  CHECK_FALSE(
      classify_compiler_args({"a.o", "b.a", "c.so", "d.so.1", "e.lo", "@f.rsp", "-o", "prog.c"}).compiles);
}

TEST_CASE("sources are the inputs with a C or C++ suffix") {
  auto c = classify_compiler_args({"-c",    "-I",    "x.c",   "a.c", "b.cc", "c.cpp", "d.cxx",
                                   "e.C",   "f.c++", "g.s",   "h.o", "-o",   "out.c", "-include",
                                   "pre.c", "-MF",   "dep.c", "-x",  "c",    "i.inc"});
  CHECK(c.sources == Args{"a.c", "b.cc", "c.cpp", "d.cxx", "e.C", "f.c++"});
}

TEST_CASE("a compile gets the variant's compile flags before the user's, and nothing for the link") {
  Args argv = command({"-O2", "-c", "a.c", "-o", "a.o"});
  CHECK(argv.front() == "clang");
  CHECK(argv[1] == "-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION");  // every variant's
  CHECK(index_of(argv, "-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION") < index_of(argv, "-O2"));
  CHECK(argv[2] == kCoverage);
  CHECK(count(argv, "-fsanitize-coverage-ignorelist=" + kPaths.ignorelist) == 1);
  CHECK(count(argv, "-fno-builtin-memcmp") == 1);
  CHECK(index_of(argv, "-fno-builtin-bcmp") < index_of(argv, "-O2"));
  CHECK(argv.back() == "-Wno-error");  // after the user's arguments
  CHECK(argv[argv.size() - 2] == "a.o");
  CHECK(count(argv, "-pthread") == 0);
  CHECK(count(argv, kStub) == 0);
  CHECK(command({"-E", "a.c"})[2] == kCoverage);
}

TEST_CASE("a link gets the link flags and, last, the coverage stub") {
  Args argv = command({"a.o", "-o", "prog", "-lm"}, kFuzzAsan);
  CHECK(argv == Args{"clang", "a.o", "-o", "prog", "-lm", "-fsanitize=address", "-fno-omit-frame-pointer",
                     "-pthread", kStub});
  // Compiling and linking in one command gets both; the sanitizer flags,
  // in both lists, are given once.
  Args both = command({"main.c", "liba.a", "-o", "prog"}, kFuzzAsan);
  CHECK(count(both, kCoverage) == 1);
  CHECK(count(both, "-fsanitize=address") == 1);
  CHECK(index_of(both, kCoverage) < index_of(both, "main.c"));
  CHECK(index_of(both, "-pthread") > index_of(both, "prog"));
  CHECK(both.back() == kStub);
  CHECK(count(command({"-x", "c", "-", "-o", "prog"}), kCoverage) == 1);
  CHECK(count(command({"a.o", "liba.so.1", "b.lo", "@rsp", "-o", "prog"}), kCoverage) == 0);
  CHECK(command({"-shared", "a.o", "-o", "liba.so"}).back() == kStub);
  // A partial link gets no stub: the final link adds it, or the runtime wins.
  CHECK(count(command({"-r", "a.o", "-o", "b.o"}), kStub) == 0);
  // After -x c++ the archive would be read as C++: the wrapper resets it.
  Args forced = command({"-x", "c++", "m.c", "-o", "m"});
  CHECK(Args(forced.end() - 3, forced.end()) == Args{"-x", "none", kStub});
  CHECK(count(command({"-xc++", "m.c", "-x", "none", "a.o"}), "none") == 1);
  // Plain builds have no coverage, so no stub.
  Args plain = command({"a.o", "-o", "prog"}, kPlain);
  CHECK(plain == Args{"clang", "a.o", "-o", "prog", "-pthread"});
}

TEST_CASE("a compile's own -Werror is undone after its arguments; nothing else gets -Wno-error") {
  Args argv = command({"-Werror", "-O2", "-c", "a.c", "-o", "a.o"});
  CHECK(count(argv, "-Wno-error") == 1);
  CHECK(index_of(argv, "-Wno-error") > index_of(argv, "a.o"));
  CHECK(count(command({"main.c", "-Werror", "-o", "prog"}), "-Wno-error") == 1);  // compiles and links
  CHECK(count(command({"-E", "a.c"}), "-Wno-error") == 0);
  CHECK(count(command({"a.o", "-o", "prog"}), "-Wno-error") == 0);
  CHECK(count(command({"--version"}), "-Wno-error") == 0);
}

TEST_CASE("a compile without a -g flag of its own gets line tables, for file:line in stacks") {
  const std::string kLines = "-gline-tables-only";
  Args argv = command({"-O2", "-c", "a.c", "-o", "a.o"});
  CHECK(count(argv, kLines) == 1);
  CHECK(index_of(argv, kLines) < index_of(argv, "-O2"));
  CHECK(count(command({"-c", "a.c"}, kPlain), kLines) == 1);
  CHECK(count(command({"-S", "a.cc"}), kLines) == 1);
  CHECK(count(command({"main.c", "-o", "prog"}), kLines) == 1);  // compiles and links
  // The build's own choice stands, but -g0 (a configure script's non-debug
  // default): line tables after it, where they win.
  for (const std::string& own : {"-g", "-g3", "-ggdb", "-gdwarf-4", "-gline-tables-only", "-gsplit-dwarf"})
    CHECK_MESSAGE(count(command({"-c", own, "a.c"}), kLines) == (own == kLines ? 1 : 0), own);
  CHECK(command({"-c", "-g0", "a.c"}).back() == kLines);
  CHECK(count(command({"-g0", "-c", "a.c", "-g"}), kLines) == 0);  // the last one counts
  CHECK(count(command({"-g", "-c", "a.c", "-g0"}), kLines) == 1);
  // Not a debug flag, nor is a flag's value.
  CHECK(count(command({"-gcc-toolchain", "/opt/gcc", "-c", "a.c"}), kLines) == 1);
  CHECK(count(command({"-c", "a.c", "-o", "-g"}), kLines) == 1);
  // Nothing to debug: preprocessing, a link of objects, a query.
  CHECK(count(command({"-E", "a.c"}), kLines) == 0);
  CHECK(count(command({"-M", "a.c"}), kLines) == 0);
  CHECK(count(command({"a.o", "-o", "prog"}), kLines) == 0);
  CHECK(count(command({"--version"}), kLines) == 0);
}

TEST_CASE("a query is passed through untouched") {
  CHECK(command({"--version"}, kFuzzAsan) == Args{"clang", "--version"});
  CHECK(command({"-print-prog-name=ld"}) == Args{"clang", "-print-prog-name=ld"});
}

TEST_CASE("an external build (cxxtest export): its flags before the build's, for compiles and links") {
  const Args flags = split_flags("  -O1 -fsanitize=address\t-fsanitize=fuzzer-no-link ");
  REQUIRE(flags == Args{"-O1", "-fsanitize=address", "-fsanitize=fuzzer-no-link"});
  auto external = [&](const Args& args) {
    return external_command("afl-clang-fast", args, classify_compiler_args(args), flags);
  };
  CHECK(external({"-c", "a.c", "-o", "a.o"}) == Args{"afl-clang-fast", "-O1", "-fsanitize=address",
                                                     "-fsanitize=fuzzer-no-link", "-c", "a.c", "-o", "a.o"});
  CHECK(external({"a.o", "-o", "prog"}) == Args{"afl-clang-fast", "-O1", "-fsanitize=address",
                                                "-fsanitize=fuzzer-no-link", "a.o", "-o", "prog"});
  CHECK(external({"-E", "a.c"}).size() == 6);
  CHECK(external({"--version"}) == Args{"afl-clang-fast", "--version"});
  CHECK(split_flags("") == Args{});
  CHECK(join_flags(flags) == "-O1 -fsanitize=address -fsanitize=fuzzer-no-link");
}

TEST_CASE("compile log lines: absolute source, cwd, then the original args, tab-separated") {
  CHECK(compile_log_line("src/../a.c", "/w/b", {"-c", "src/../a.c", "-o", "a.o"}) ==
        "/w/b/a.c\t/w/b\t-c\tsrc/../a.c\t-o\ta.o\n");
  CHECK(compile_log_line("/abs/x.cc", "/w", {"-c", "/abs/x.cc"}) == "/abs/x.cc\t/w\t-c\t/abs/x.cc\n");
}

TEST_CASE("CXXTEST_NOINSTRUMENT: a compile whose every source matches a glob skips instrumentation") {
  NoInstrument n{{"/src/lib/third_party/**", "/m/vendor/*.c"}, "", ""};
  auto skips = [&](const Args& args, const std::string& cwd) {
    return skips_instrumentation(classify_compiler_args(args), cwd, n);
  };
  CHECK(skips({"-c", "third_party/z/inflate.c", "-o", "inflate.o"}, "/src/lib"));
  CHECK(skips({"-c", "../lib/third_party/a.c", "-o", "a.o"}, "/src/tools"));
  CHECK(skips({"-c", "/m/vendor/v.c"}, "/anywhere"));
  CHECK_FALSE(skips({"-c", "/m/vendor/sub/v.c"}, "/"));  // * stays within one directory
  CHECK_FALSE(skips({"-c", "parse.c"}, "/src/lib"));
  CHECK_FALSE(skips({"-c", "third_party/a.c", "parse.c"}, "/src/lib"));      // one source is not
  CHECK_FALSE(skips({"a.o", "b.o", "-o", "prog"}, "/src/lib/third_party"));  // a link compiles nothing
  CHECK_FALSE(skips({"-c", "-x", "c", "-"}, "/src/lib/third_party"));        // stdin: no path to match

  // A build in a copy of the source: its files are matched by their
  // source paths, and a file of the copy's own by its own.
  n.source = "/src/lib";
  n.copy = "/cache/deps/lib/build";
  CHECK(skips({"-c", "third_party/a.c"}, "/cache/deps/lib/build"));
  CHECK_FALSE(skips({"-c", "parse.c"}, "/cache/deps/lib/build"));
  CHECK_FALSE(skips({"-c", "/cache/deps/lib/buildx/third_party/a.c"}, "/"));

  NoInstrument none;
  CHECK_FALSE(skips_instrumentation(classify_compiler_args({"-c", "a.c"}), "/", none));
}

TEST_CASE("an uninstrumented compile keeps the sanitizers and the link its stub, without coverage") {
  Args compile{"-c", "a.c", "-o", "a.o"};
  Args argv = wrapped_command("clang", compile, classify_compiler_args(compile), kFuzzAsan, kPaths, false);
  CHECK(count(argv, kCoverage) == 0);
  CHECK(count(argv, "-fsanitize=address") == 1);
  CHECK(count(argv, "-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION") == 1);
  CHECK(count(argv, kWrapperNoWerror) == 1);
  Args link{"a.c", "-o", "prog"};
  argv = wrapped_command("clang", link, classify_compiler_args(link), kFuzz, kPaths, false);
  CHECK(count(argv, kCoverage) == 0);
  CHECK(argv.back() == kStub);
}

TEST_CASE("CXXTEST_VARIANT: a variant name, fuzz by default, anything else names the allowed ones") {
  std::string err;
  CHECK(variant_from_env(nullptr, &err)->name() == "fuzz");
  CHECK(variant_from_env("", &err)->name() == "fuzz");
  CHECK(variant_from_env("fuzz-asan-laf", &err)->name() == "fuzz-asan-laf");
  CHECK(variant_from_env("plain-ubsan", &err)->name() == "plain-ubsan");
  CHECK_FALSE(variant_from_env("asan", &err));
  CHECK(err.rfind("CXXTEST_VARIANT=asan: not a variant name (allowed: plain, fuzz, ", 0) == 0);
  CHECK(err.find("fuzz-asan-ubsan-laf") != std::string::npos);
  CHECK_FALSE(variant_from_env("fuzz-asan-race", &err));
  CHECK(err.rfind("CXXTEST_VARIANT=fuzz-asan-race: -race and -asan cannot be used together (allowed: ", 0) ==
        0);
}

TEST_CASE("the program name selects the wrapper") {
  CHECK(wrapper_language_for("cxxtest-cc") == Language::C);
  CHECK(wrapper_language_for("/opt/x/bin/cxxtest-c++") == Language::Cxx);
  CHECK_FALSE(wrapper_language_for("/opt/x/bin/cxxtest"));
  CHECK_FALSE(wrapper_language_for("cc"));
}
