// [deps] builder: build system detection, the source walk and fingerprint,
// the CMake File API reply, compile logs, and whole builds of tiny CMake,
// autotools-style, Make and command projects through stand-in wrappers.
#include "driver/deps.h"
#include "driver/archive_symbols.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "driver/deps_internal.h"
#include "driver/plan.h"

using namespace cxxtest::driver;
using cxxtest::Error;
using cxxtest::Expected;
using namespace cxxtest::driver::deps;
namespace fs = std::filesystem;

namespace {

// A scratch dir under /tmp, removed when the test case ends.
struct Scratch {
  fs::path root = fs::temp_directory_path() / ("cxxtest-deps-test-" + std::to_string(getpid()));
  Scratch() {
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~Scratch() { fs::remove_all(root); }
  fs::path write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
    return root / rel;
  }
  // Stand-in compiler wrappers: log each source like cxxtest-cc, run clang.
  void wrappers() {
    for (auto [name, compiler] : {std::pair{"cc", "clang"}, std::pair{"c++", "clang++"}}) {
      fs::path p =
          write("bin/" + std::string(name),
                "#!/bin/sh\ntab=$(printf '\\t')\nfor a in \"$@\"; do case \"$a\" in *.c|*.cc|*.cpp)\n"
                "  line=\"$(realpath \"$a\")$tab$PWD\"; for b in \"$@\"; do line=\"$line$tab$b\"; done\n"
                "  printf '%s\\n' \"$line\" >> \"$CXXTEST_COMPILE_LOG\";;\n"
                "esac; done\nexec " +
                    std::string(compiler) + " \"$@\"\n");
      fs::permissions(p, fs::perms::owner_all, fs::perm_options::add);
    }
  }
  DepContext context() {
    DepContext ctx;
    ctx.deps_dir = root / "cache" / "deps";
    ctx.cc = root / "bin" / "cc";
    ctx.cxx = root / "bin" / "c++";
    return ctx;
  }
};

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

DepSpec spec_at(const fs::path& source, const std::string& build = "") {
  DepSpec s;
  s.name = "lib";
  s.source = source;
  s.build = build;
  s.where = "cxxtest.toml:4:1";
  return s;
}

// Moves a file's mtime forward, as an edit a second later would.
// Makes p newer than anything built from it so far: past both its old time
// and now (on a loaded machine a build can end more than seconds after the
// source was written, and make compares the object's time with it).
void bump_mtime(const fs::path& p) {
  fs::last_write_time(
      p, std::max(fs::last_write_time(p), fs::file_time_type::clock::now()) + std::chrono::seconds(2));
}

std::vector<std::string> rels(const std::vector<SourceEntry>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.rel);
  return out;
}

std::vector<std::string> names(const std::vector<fs::path>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) out.push_back(p.filename().string());
  return out;
}

const char* kCMakeProject = R"(cmake_minimum_required(VERSION 3.16)
project(p C CXX)
add_library(base STATIC base.c)
target_include_directories(base PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
target_compile_definitions(base PUBLIC BASE_ON=1)
add_library(top STATIC top.cpp)
target_link_libraries(top PUBLIC base)
add_executable(tool tool.c)
target_link_libraries(tool top)
)";

void write_cmake_project(Scratch& s) {
  s.write("src/CMakeLists.txt", kCMakeProject);
  s.write("src/include/base.h", "int base(void);\n");
  s.write("src/base.c", "#include \"base.h\"\nint base(void) { return 1; }\n");
  s.write("src/top.cpp", "extern \"C\" int base(void);\nint top() { return base(); }\n");
  s.write("src/tool.c", "int main(void) { return 0; }\n");
}

}  // namespace

TEST_CASE("deps: the build system comes from the spec, else from the files present") {
  Scratch s;
  DepSpec spec = spec_at(s.root);
  CHECK(detect_build_system(spec_at(s.root, "make")).value() == "make");
  auto none = detect_build_system(spec);
  REQUIRE(!none.ok());
  CHECK(none.error().starts_with("cxxtest.toml:4:1: [deps.lib] source " + s.root.string() +
                                 ": no build system found"));
  CHECK(none.error().find("CMakeLists.txt, configure, configure.ac, configure.in, meson.build, Makefile") !=
        std::string::npos);
  s.write("Makefile", "");
  CHECK(detect_build_system(spec).value() == "make");
  s.write("meson.build", "");  // a Makefile beside it is a convenience wrapper
  CHECK(detect_build_system(spec).value() == "meson");
  s.write("configure.ac", "");
  CHECK(detect_build_system(spec).value() == "autotools");
  s.write("CMakeLists.txt", "");
  CHECK(detect_build_system(spec).value() == "cmake");
  // Both present: configure arguments mean the configure script.
  spec.options = {"--disable-shared", "--enable-jit=no"};
  CHECK(detect_build_system(spec).value() == "autotools");
  spec.options = {"--disable-shared", "CFLAGS=-fcommon -O2 -g"};  // configure sets variables too
  CHECK(detect_build_system(spec).value() == "autotools");
  spec.options = {"-DBUILD_TESTING=OFF"};
  CHECK(detect_build_system(spec).value() == "cmake");
  spec.options = {"-DBUILD_TESTING=OFF", "CFLAGS=-O1"};
  CHECK(detect_build_system(spec).value() == "cmake");
  spec.options = {"--disable-shared"};
  spec.build = "cmake";
  auto mixed = detect_build_system(spec);
  REQUIRE(!mixed.ok());
  CHECK(mixed.error().starts_with(
      "cxxtest.toml:4:1: [deps.lib] options --disable-shared...: configure arguments, "
      "but build = \"cmake\""));
}

TEST_CASE("deps: a missing source dir is a located error") {
  Scratch s;
  auto r = ensure_dep(spec_at(s.root / "nope"), s.context());
  REQUIRE(!r.ok());
  CHECK(r.error() ==
        "cxxtest.toml:4:1: [deps.lib] source " + (s.root / "nope").string() + ": no such directory");
}

TEST_CASE("deps: the walk leaves out VCS dirs, object files, other build trees and the cache") {
  Scratch s;
  s.write("src/a.c", "");
  s.write("src/sub/b.h", "");
  s.write("src/a.o", "");
  s.write("src/libx.a", "");
  s.write("src/.git/HEAD", "");
  s.write("src/.libs/x.a", "");
  s.write("src/build/CMakeCache.txt", "");
  s.write("src/build/gen.c", "");
  s.write("src/vpath/config.status", "");
  s.write("src/cache/x", "");
  s.write("src/config.status", "");  // the root itself configured in place: still walked
  fs::create_symlink("a.c", s.root / "src" / "link.c");
  auto entries = walk_source(s.root / "src", {s.root / "src" / "cache"});
  CHECK(rels(entries) == std::vector<std::string>{"a.c", "config.status", "libx.a", "link.c", "sub/b.h"});
  CHECK(entries[3].symlink);
}

TEST_CASE("deps: the fingerprint changes with an edit, a new file or the spec, and only then") {
  Scratch s;
  s.write("src/a.c", "int a;\n");
  DepSpec spec = spec_at(s.root / "src", "make");
  DepContext ctx = s.context();
  auto fp = [&] { return fingerprint_of(spec, "make", ctx, walk_source(spec.source, {})).input; };
  std::string first = fp();
  CHECK(fp() == first);
  s.write("src/a.o", "object");
  s.write("src/out/CMakeCache.txt", "");
  s.write("src/out/x.c", "");
  CHECK(fp() == first);
  bump_mtime(s.root / "src" / "a.c");
  std::string edited = fp();
  CHECK(edited != first);
  s.write("src/b.c", "");
  std::string added = fp();
  CHECK(added != edited);
  spec.options = {"DEBUG=1"};
  CHECK(fp() != added);
  ctx.variant.sanitizers = cxxtest::instrument::kAddress;
  std::string asan = fp();
  CHECK(asan.find("variant plain-asan\n") != std::string::npos);
  CHECK(asan.find("-fsanitize=address") != std::string::npos);
  // A dep built before it, then rebuilt from other inputs.
  DepBuild base;
  base.fingerprint = "f1";
  ctx.earlier.push_back({"base", base});
  std::string after_base = fp();
  CHECK(after_base.find("earlier base f1\n") != std::string::npos);
  ctx.earlier.back().build.fingerprint = "f2";
  CHECK(fp() != after_base);
  // An external build (cxxtest export): the engine's compilers and flags.
  ctx.external = ExternalCompilers{"afl-clang-fast", "afl-clang-fast++", {"-O1"}, {"-O2"}};
  std::string external = fp();
  CHECK(external.find("variant external\ncflags -O1\ncxxflags -O2\n") != std::string::npos);
  CHECK(external.find("compiler CXXTEST_CC afl-clang-fast ") != std::string::npos);
  // A CMake build names the link probe's version: deps built with an older
  // probe lack its link libraries and are built again.
  std::string cmake = fingerprint_of(spec, "cmake", ctx, {}).input;
  CHECK(cmake.find(std::string("cmake_link_probe ") + kLinkProbeScript + "\n") != std::string::npos);
  CHECK(external.find("cmake_link_probe") == std::string::npos);
}

TEST_CASE("deps: spec paths resolve against the source dir or $SOURCE, $BUILD, $PREFIX") {
  DepDirs d;
  d.source = "/s";
  d.build = "/c/build";
  d.prefix = "/c/prefix";
  CHECK(expand_dep_path("include", d) == fs::path("/s/include"));
  CHECK(expand_dep_path("./a/../b.a", d) == fs::path("/s/b.a"));
  CHECK(expand_dep_path("/abs/x.a", d) == fs::path("/abs/x.a"));
  CHECK(expand_dep_path("$BUILD/libx.a", d) == fs::path("/c/build/libx.a"));
  CHECK(expand_dep_path("$PREFIX/include", d) == fs::path("/c/prefix/include"));
  CHECK(expand_dep_path("$SOURCE", d) == fs::path("/s"));
  CHECK(expand_dep_path("$BUILDX/y", d) == fs::path("/s/$BUILDX/y"));
}

TEST_CASE("deps: compile.log names each existing source once, copies mapped back") {
  Scratch s;
  fs::path src = s.root / "src", dep = s.root / "deps" / "lib", copy = dep / "build";
  s.write("src/a.c", "");
  s.write("src/sub/b.c", "");
  s.write("deps/lib/build/a.c", "");
  s.write("deps/lib/build/gen.c", "");
  s.write("deps/lib/compile.log", copy.string() + "/a.c\t" + copy.string() + "\t-c a.c\n" +
                                      "sub/../sub/b.c\t" + src.string() + "\t-c\n" + src.string() +
                                      "/a.c\t/x\t-c\n" + copy.string() + "/gen.c\t/x\t-c\n" +
                                      "/tmp/conftest-gone.c\t/tmp\t-c\n" + src.string() + "/sub/b.c\t" +
                                      copy.string() + "/CMakeFiles/x\t-c\n");
  s.write("elsewhere.c", "");
  s.write("deps/lib/compile.log", read(dep / "compile.log") + (s.root / "elsewhere.c").string() + "\t" +
                                      copy.string() + "/CMakeFiles/CMakeScratch/TryCompile-1\t-c\n");
  auto got = read_compile_log(dep / "compile.log", copy, src, dep, copy / "CMakeFiles");
  CHECK(got == std::vector<fs::path>{src / "a.c", src / "sub" / "b.c"});
}

TEST_CASE("deps: the CMake File API reply gives static libraries in link order") {
  Scratch s;
  write_cmake_project(s);
  fs::path build = s.root / "b";
  s.write("b/.cmake/api/v1/query/codemodel-v2", "");
  std::string cmd = "cmake -S " + (s.root / "src").string() + " -B " + build.string() + " >/dev/null 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);

  auto all = read_cmake_reply(build, {});
  REQUIRE(all.ok());
  CHECK(names(all->archives) == std::vector<std::string>{"libtop.a", "libbase.a"});
  CHECK(all->include_dirs == std::vector<fs::path>{s.root / "src" / "include"});
  CHECK(all->defines == std::vector<std::string>{"BASE_ON=1"});

  auto base = read_cmake_reply(build, {"base"});
  REQUIRE(base.ok());
  CHECK(names(base->archives) == std::vector<std::string>{"libbase.a"});

  auto tool = read_cmake_reply(build, {"tool"});
  REQUIRE(!tool.ok());
  CHECK(tool.error() ==
        "target \"tool\" is a EXECUTABLE, not a static library (cxxtest links deps statically; "
        "static libraries: base, top)");
  auto missing = read_cmake_reply(build, {"nope"});
  REQUIRE(!missing.ok());
  CHECK(missing.error().starts_with("target \"nope\" is not a CMake target of this project"));
}

TEST_CASE("deps: a CMake dep builds once, again after an edit, and names what it compiled") {
  Scratch s;
  s.wrappers();
  write_cmake_project(s);
  DepSpec spec = spec_at(s.root / "src");
  spec.targets = {"top"};
  spec.link = {"-lm"};
  DepContext ctx = s.context();
  auto first = ensure_dep(spec, ctx);
  REQUIRE_MESSAGE(first.ok(), (first.ok() ? "" : first.error()));
  CHECK(names(first->archives) == std::vector<std::string>{"libtop.a", "libbase.a"});
  CHECK(first->link_args == std::vector<std::string>{"-lm"});
  CHECK(!first->link_group);
  INFO(read(ctx.deps_dir / "lib" / "compile.log"));
  CHECK(first->compiled_sources ==
        std::vector<fs::path>{s.root / "src" / "base.c", s.root / "src" / "top.cpp"});
  fs::path log = ctx.deps_dir / "lib" / "build.log";
  auto built_at = fs::last_write_time(log);

  auto again = ensure_dep(spec, ctx);
  REQUIRE(again.ok());
  CHECK(fs::last_write_time(log) == built_at);
  CHECK(again->archives == first->archives);

  bump_mtime(s.root / "src" / "base.c");
  auto rebuilt = ensure_dep(spec, ctx);
  REQUIRE(rebuilt.ok());
  CHECK(fs::last_write_time(log) != built_at);
  std::string text = read(log);
  CHECK(text.find("Building C object CMakeFiles/base.dir/base.c.o") != std::string::npos);
  CHECK(text.find("top.cpp.o") == std::string::npos);           // incremental: only base.c again
  CHECK(text.find("-DCMAKE_BUILD_TYPE") == std::string::npos);  // not configured again
}

TEST_CASE("deps: a failed build shows the end of build.log and leaves no result") {
  Scratch s;
  s.wrappers();
  write_cmake_project(s);
  s.write("src/base.c", "this is not C\n");
  auto r = ensure_dep(spec_at(s.root / "src"), s.context());
  REQUIRE(!r.ok());
  fs::path log = s.root / "cache" / "deps" / "lib" / "build.log";
  CHECK(r.error().starts_with("cxxtest.toml:4:1: [deps.lib]: cmake --build failed (exit 1); last lines of " +
                              log.string() + ":\n"));
  CHECK(r.error().find("error: unknown type name 'this'") != std::string::npos);
  CHECK(!fs::exists(s.root / "cache" / "deps" / "lib" / "result"));
}

TEST_CASE("deps: a Make dep builds in a copy, incrementally, never in the source") {
  Scratch s;
  s.wrappers();
  s.write("src/include/m.h", "int m(void);\n");
  s.write("src/m.c", "#include \"m.h\"\nint m(void) { return 2; }\n");
  s.write("src/n.c", "int n(void) { return 3; }\n");
  s.write("src/m.o", "stale object from an in-tree build");
  s.write("src/Makefile",
          "libm2.a: m.o n.o\n\tar rcs $@ $^\nm.o: m.c\n\t$(CC) -Iinclude -c m.c\nn.o: n.c\n\t$(CC) -c n.c\n");
  DepSpec spec = spec_at(s.root / "src");
  DepContext ctx = s.context();
  auto r = ensure_dep(spec, ctx);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  fs::path build = ctx.deps_dir / "lib" / "build";
  CHECK(r->archives == std::vector<fs::path>{build / "libm2.a"});
  CHECK(r->include_dirs == std::vector<fs::path>{s.root / "src" / "include"});
  CHECK(r->compiled_sources == std::vector<fs::path>{s.root / "src" / "m.c", s.root / "src" / "n.c"});
  CHECK(!fs::exists(s.root / "src" / "libm2.a"));
  CHECK(fs::last_write_time(build / "m.c") == fs::last_write_time(s.root / "src" / "m.c"));

  s.write("src/n.c", "int n(void) { return 4; }\n");
  bump_mtime(s.root / "src" / "n.c");
  REQUIRE(ensure_dep(spec, ctx).ok());
  std::string log = read(ctx.deps_dir / "lib" / "build.log");
  CHECK(log.find("-c n.c") != std::string::npos);
  CHECK(log.find("-c m.c") == std::string::npos);
  CHECK(read(build / "n.c") == "int n(void) { return 4; }\n");
}

TEST_CASE("deps: a module inside the source (source = \"..\") is no part of the dep") {
  Scratch s;
  s.wrappers();
  s.write("src/m.c", "int m(void) { return 2; }\n");
  s.write("src/Makefile", "libm2.a: m.o\n\tar rcs $@ $^\nm.o: m.c\n\t$(CC) -c m.c\n");
  s.write("src/fuzz/cxxtest.toml", "[deps.lib]\nsource = \"..\"\n");
  s.write("src/fuzz/dec/dec_test.cpp", "void FuzzDec() {}\n");
  s.write("src/fuzz/dec/testdata/fuzz/FuzzDec/1", "cxxtest fuzz v1\n");
  DepSpec spec =
      spec_at((s.root / "src" / "fuzz" / "..").lexically_normal());  // "src/", as the config has it
  DepContext ctx = s.context();
  ctx.module_root = s.root / "src" / "fuzz";
  REQUIRE(ensure_dep(spec, ctx).ok());
  std::string fingerprint = read(ctx.deps_dir / "lib" / "fingerprint");
  CHECK(fingerprint.find("file m.c ") != std::string::npos);
  CHECK(fingerprint.find("fuzz/") == std::string::npos);
  CHECK(read(ctx.deps_dir / "lib" / "result").find(s.root.string() + "/src/m.c") !=
        std::string::npos);  // watched
  fs::path log = ctx.deps_dir / "lib" / "build.log";
  auto built_at = fs::last_write_time(log);

  // A new reproducer, an edited test, an edited cxxtest.toml: no rebuild,
  // by the fast path and by the full walk (the source dir's mtime forces it).
  s.write("src/fuzz/dec/testdata/fuzz/FuzzDec/2", "cxxtest fuzz v1\n");
  bump_mtime(s.root / "src" / "fuzz" / "dec" / "dec_test.cpp");
  bump_mtime(s.root / "src" / "fuzz" / "cxxtest.toml");
  REQUIRE(ensure_dep(spec, ctx).ok());
  CHECK(fs::last_write_time(log) == built_at);
  bump_mtime(s.root / "src");
  REQUIRE(ensure_dep(spec, ctx).ok());
  CHECK(fs::last_write_time(log) == built_at);

  bump_mtime(s.root / "src" / "m.c");  // the library's own source still rebuilds it
  REQUIRE(ensure_dep(spec, ctx).ok());
  CHECK(fs::last_write_time(log) != built_at);
}

TEST_CASE("deps: the walk skips the module and the cache, found through symlinks too") {
  Scratch s;
  s.write("src/fuzz/cxxtest.toml", "");
  fs::create_directory_symlink(s.root / "src", s.root / "link");
  DepContext ctx = s.context();
  ctx.module_root = s.root / "src" / "fuzz";
  DepSpec spec = spec_at(s.root / "link");
  WalkSkip skip = skipped_by_walk(dep_dirs(spec, ctx), ctx);
  CHECK(std::count(skip.paths.begin(), skip.paths.end(), s.root / "link" / "fuzz") == 1);
  CHECK(skip.names.empty());

  // The module at the source's root: its tests stay, cxxtest.toml and testdata/ go.
  ctx.module_root = s.root / "src";
  skip = skipped_by_walk(dep_dirs(spec_at(s.root / "src"), ctx), ctx);
  CHECK(std::count(skip.paths.begin(), skip.paths.end(), s.root / "src" / "cxxtest.toml") == 1);
  CHECK(skip.names == std::vector<std::string>{"testdata"});
  s.write("src/cxxtest.toml", "");
  s.write("src/a_test.cpp", "");
  s.write("src/pkg/testdata/x", "");
  CHECK(rels(walk_source(s.root / "src", skip.paths, skip.names)) ==
        std::vector<std::string>{"a_test.cpp", "fuzz/cxxtest.toml"});

  // The cache dir inside the source (CXXTESTCACHE=src/cache, deps under it).
  ctx.deps_dir = s.root / "src" / "cache" / "build" / "k" / "plain" / "deps";
  ctx.module_root.clear();
  skip = skipped_by_walk(dep_dirs(spec_at(s.root / "src"), ctx), ctx);
  CHECK(std::count(skip.paths.begin(), skip.paths.end(), ctx.deps_dir) == 1);
}

namespace {

// An autotools-style project with a hand-written configure: enough to check
// the arguments, the copy and the install.
void write_configure_project(Scratch& s, const std::string& install_rule) {
  fs::path configure =
      s.write("src/configure",
              "#!/bin/sh\n# Generated by GNU Autoconf (a stand-in: takes Autoconf's options)\n"
              "prefix=\ndir=$(dirname \"$0\")\n"
              "for a in \"$@\"; do case \"$a\" in --prefix=*) prefix=${a#--prefix=};; esac; done\n"
              "echo \"$@\" > configure.args\n"
              "sed \"s|@prefix@|$prefix|; s|@srcdir@|$dir|\" \"$dir/Makefile.in\" > Makefile\n"
              "touch config.status\n");
  fs::permissions(configure, fs::perms::owner_all, fs::perm_options::add);
  s.write("src/Makefile.in",
          "prefix = @prefix@\nVPATH = @srcdir@\nliba.a: a.o\n\tar rcs $@ $^\n" + install_rule);
  s.write("src/a.h", "int a(void);\n");
  s.write("src/a.c", "int a(void) { return 1; }\n");
}

}  // namespace

TEST_CASE("deps: an autotools dep configured in place is built in a copy, installed into its prefix") {
  Scratch s;
  s.wrappers();
  write_configure_project(s,
                          "install: liba.a\n\tmkdir -p $(prefix)/lib $(prefix)/include\n"
                          "\tcp liba.a $(prefix)/lib/\n\tcp @srcdir@/a.h $(prefix)/include/\n");
  s.write("src/config.status", "");
  DepSpec spec = spec_at(s.root / "src");
  spec.options = {"--enable-x"};
  DepContext ctx = s.context();
  auto r = ensure_dep(spec, ctx);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  fs::path dep = ctx.deps_dir / "lib";
  CHECK(read(dep / "build" / "configure.args") ==
        "--prefix=" + (dep / "prefix").string() + " --disable-shared --enable-static --enable-x\n");
  CHECK(r->archives == std::vector<fs::path>{dep / "prefix" / "lib" / "liba.a"});
  CHECK(r->include_dirs == std::vector<fs::path>{dep / "prefix" / "include"});
  CHECK(r->compiled_sources == std::vector<fs::path>{s.root / "src" / "a.c"});
  CHECK(!fs::exists(s.root / "src" / "Makefile"));
}

TEST_CASE("deps: an autotools dep whose install fails links its build tree's archives") {
  Scratch s;
  s.wrappers();
  write_configure_project(s, "install:\n\tfalse\n");
  DepContext ctx = s.context();
  auto r = ensure_dep(spec_at(s.root / "src"), ctx);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  fs::path build = ctx.deps_dir / "lib" / "build";
  CHECK(read(build / "configure.args").starts_with("--prefix="));  // run from the source: a VPATH build
  CHECK(!fs::exists(build / "configure"));
  CHECK(r->archives == std::vector<fs::path>{build / "liba.a"});
  CHECK(r->include_dirs == std::vector<fs::path>{s.root / "src", build});
  CHECK(read(ctx.deps_dir / "lib" / "build.log").find("make install failed") != std::string::npos);
}

TEST_CASE(
    "deps: installed pkg-config files give include dirs, defines and link arguments; .la files are ignored") {
  Scratch s;
  s.wrappers();
  write_configure_project(
      s,
      "install: liba.a\n\tmkdir -p $(prefix)/lib/pkgconfig $(prefix)/include/a\n"
      "\tcp liba.a $(prefix)/lib/\n\techo '# libtool library' > $(prefix)/lib/liba.la\n"
      "\tcp @srcdir@/a.h $(prefix)/include/a/\n"
      "\tsed 's|PREFIX|$(prefix)|' @srcdir@/a.pc.in > $(prefix)/lib/pkgconfig/a-1.0.pc\n");
  s.write("src/a.pc.in",
          "prefix=PREFIX\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\n\nName: a\nDescription: a\n"
          "Version: 1.0\nCflags: -I${includedir}/a -DA_STATIC=1\nLibs: -L${libdir} -la\nLibs.private: -lm\n");
  DepSpec spec = spec_at(s.root / "src");
  DepContext ctx = s.context();
  auto r = ensure_dep(spec, ctx);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  fs::path prefix = ctx.deps_dir / "lib" / "prefix";
  CHECK(r->archives == std::vector<fs::path>{prefix / "lib" / "liba.a"});
  CHECK(r->include_dirs == std::vector<fs::path>{prefix / "include", prefix / "include" / "a"});
  CHECK(r->defines == std::vector<std::string>{"A_STATIC=1"});
  CHECK(r->link_args ==
        std::vector<std::string>{"-L" + (prefix / "lib").string(), "-lm"});  // not -la: linked

  // The spec's include_dirs win over the .pc file's; its link comes after
  // the .pc file's, and replaces it with link_only.
  spec.include_dirs = {"$PREFIX/include"};
  spec.link = {"-lz"};
  r = ensure_dep(spec, ctx);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  CHECK(r->include_dirs == std::vector<fs::path>{prefix / "include"});
  CHECK(r->link_args == std::vector<std::string>{"-L" + (prefix / "lib").string(), "-lm", "-lz"});
  CHECK(r->defines == std::vector<std::string>{"A_STATIC=1"});
  spec.link_only = true;
  r = ensure_dep(spec, ctx);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  CHECK(r->link_args == std::vector<std::string>{"-lz"});

  CHECK(split_pkg_config_words(" -I/a\\ b  -lx\n") == std::vector<std::string>{"-I/a b", "-lx"});
}

TEST_CASE("deps: a Make dep whose build writes no archive is an error saying what to set") {
  Scratch s;
  s.wrappers();
  s.write("src/m.c", "int m(void) { return 2; }\n");
  s.write("src/Makefile", "all: m.o\nm.o: m.c\n\t$(CC) -c m.c\n");
  DepContext ctx = s.context();
  auto r = ensure_dep(spec_at(s.root / "src"), ctx);
  REQUIRE(!r.ok());
  fs::path build = ctx.deps_dir / "lib" / "build";
  CHECK(r.error().starts_with("cxxtest.toml:4:1: [deps.lib]: the build produced no library (.a) under " +
                              build.string() + "; set targets to make goals that build a static library"));
  CHECK(r.error().find("libs = [\"$BUILD/libfoo.a\"]") != std::string::npos);
  CHECK(r.error().find("build = \"command\"") != std::string::npos);
  CHECK(!fs::exists(ctx.deps_dir / "lib" / "result"));

  s.write("src/Makefile", "libm.so: m.c\n\t$(CC) -shared -fPIC m.c -o $@\n");
  r = ensure_dep(spec_at(s.root / "src"), ctx);
  REQUIRE(!r.ok());
  CHECK(r.error().find("(only shared ones: libm.so; cxxtest links deps statically)") != std::string::npos);
}

TEST_CASE("deps: a command dep must name its libs, which must exist") {
  Scratch s;
  s.write("src/x.c", "");
  DepSpec spec = spec_at(s.root / "src", "command");
  spec.command = "echo built > out.txt";
  auto no_libs = ensure_dep(spec, s.context());
  REQUIRE(!no_libs.ok());
  CHECK(no_libs.error().starts_with("cxxtest.toml:4:1: [deps.lib] has build = \"command\" but no libs"));

  spec.libs = {"$BUILD/libx.a"};
  auto missing = ensure_dep(spec, s.context());
  REQUIRE(!missing.ok());
  CHECK(missing.error().find("libs entry \"$BUILD/libx.a\"") != std::string::npos);

  spec.command = "test \"$CXXTEST_DEP_SOURCE\" = " + (s.root / "src").string() + " && ar rcs libx.a";
  auto ok = ensure_dep(spec, s.context());
  REQUIRE_MESSAGE(ok.ok(), (ok.ok() ? "" : ok.error()));
  CHECK(ok->archives == std::vector<fs::path>{s.root / "cache" / "deps" / "lib" / "build" / "libx.a"});
}

TEST_CASE("deps: two runs at once build a dep once") {
  Scratch s;
  s.write("src/x.c", "");
  DepSpec spec = spec_at(s.root / "src", "command");
  spec.command = "echo build >> " + (s.root / "count").string() + " && sleep 0.3 && ar rcs libx.a";
  spec.libs = {"$BUILD/libx.a"};
  DepContext ctx = s.context();
  Expected<DepBuild> a = Error{""}, b = Error{""};
  std::thread t([&] { a = ensure_dep(spec, ctx); });
  b = ensure_dep(spec, ctx);
  t.join();
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a->archives == b->archives);
  CHECK(read(s.root / "count") == "build\n");
}

TEST_CASE("deps: a no-op checks only what the build depended on; an edit of any of it rebuilds") {
  Scratch s;
  s.wrappers();
  write_cmake_project(s);
  for (int i = 0; i < 50; ++i) s.write("src/unused/u" + std::to_string(i) + ".h", "int u;\n");
  DepSpec spec = spec_at(s.root / "src");
  spec.targets = {"top"};
  DepContext ctx = s.context();
  REQUIRE(ensure_dep(spec, ctx).ok());
  std::string result = read(ctx.deps_dir / "lib" / "result");
  CHECK(result.find(s.root.string() + "/src/include/base.h") != std::string::npos);  // included header
  CHECK(result.find(s.root.string() + "/src/CMakeLists.txt") != std::string::npos);  // build file
  CHECK(result.find("unused/u1.h") == std::string::npos);                            // not depended on
  fs::path log = ctx.deps_dir / "lib" / "build.log";
  auto built_at = fs::last_write_time(log);

  bump_mtime(s.root / "src" / "unused" / "u1.h");  // nothing depends on it: no rebuild
  REQUIRE(ensure_dep(spec, ctx).ok());
  CHECK(fs::last_write_time(log) == built_at);

  bump_mtime(s.root / "src" / "include" / "base.h");  // a header base.c includes
  REQUIRE(ensure_dep(spec, ctx).ok());
  CHECK(fs::last_write_time(log) != built_at);
  built_at = fs::last_write_time(log);

  s.write("src/new.c", "int n;\n");  // a new file: its directory changed, so the full walk decides
  REQUIRE(ensure_dep(spec, ctx).ok());
  CHECK(fs::last_write_time(log) != built_at);
}

TEST_CASE("deps: an archive's symbol table tells which archives define main") {
  Scratch s;
  s.write("lib.c", "int lib_value(void) { return 4; }\n");
  s.write("runner.c", "int main(void) { return 0; }\n");
  std::string dir = s.root.string();
  REQUIRE(std::system(("cd " + dir +
                       " && clang -c lib.c runner.c && ar rcs liblib.a lib.o && ar rcs librunner.a runner.o"
                       " && ar rc libnoindex.a lib.o && printf 'not an archive' > fake.a")
                          .c_str()) == 0);
  auto syms = archive_symbols(s.root / "liblib.a");
  REQUIRE(syms.has_value());
  CHECK(*syms == std::vector<std::string>{"lib_value"});
  CHECK(archive_defines(s.root / "librunner.a", "main"));
  CHECK_FALSE(archive_defines(s.root / "liblib.a", "main"));
  CHECK_FALSE(archive_symbols(s.root / "fake.a").has_value());
  CHECK_FALSE(archive_symbols(s.root / "missing.a").has_value());
}

TEST_CASE("deps: a failed step's first error lines, from where the step began") {
  std::string earlier = "$ configure\nconftest.c:1:1: error: an earlier step's probe\n";
  std::string step =
      "$ make\nCC a.o\npython/libxml.c:297:15: error: expected '(' after 'if'\n"
      "warning: deprecated\nld: Error: x\nlibxml.c:300:1: error: three\n";
  std::string log = earlier + step;
  CHECK(
      first_error_lines(log, earlier.size(), 10) ==
      "python/libxml.c:297:15: error: expected '(' after 'if'\nld: Error: x\nlibxml.c:300:1: error: three\n");
  CHECK(first_error_lines(log, earlier.size(), 1) ==
        "python/libxml.c:297:15: error: expected '(' after 'if'\n");
  CHECK(first_error_lines(log, 0, 1) == "conftest.c:1:1: error: an earlier step's probe\n");
  CHECK(first_error_lines(log, log.size(), 10).empty());
  CHECK(first_error_lines("", 0, 10).empty());
  CHECK(tail_lines(log, 2) == "ld: Error: x\nlibxml.c:300:1: error: three\n");
  CHECK(tail_lines("a\nb", 5) == "a\nb\n");
}

TEST_CASE("deps: plain builds link the fuzz build's deps, but for -cover, -bench and laf") {
  using cxxtest::instrument::kAddress;
  using cxxtest::instrument::Mode;
  using cxxtest::instrument::Variant;
  Config config;
  CHECK(deps_variant(Variant{}, config).name() == "fuzz");
  CHECK(deps_variant(Variant{Mode::Plain, kAddress}, config).name() == "fuzz-asan");
  CHECK(deps_variant(Variant{Mode::Fuzz, kAddress}, config).name() == "fuzz-asan");
  Variant cover;
  cover.cover = true;
  CHECK(deps_variant(cover, config).name() == "plain-cover");
  Variant bench;
  bench.bench = true;
  CHECK(deps_variant(bench, config).name() == "plain-bench");
  config.fuzz.laf = true;
  CHECK(deps_variant(Variant{}, config).name() == "plain");
  CHECK(deps_variant(configured_variant(Variant{Mode::Fuzz}, config), config).name() == "fuzz-laf");
}

TEST_CASE("deps: the link probe's libraries leave out every project archive, paths made absolute") {
  fs::path b = "/c/b";
  std::vector<LinkFragment> f = {{"libs/libchosen.a", "libraries", b / "libs/libchosen.a"},
                                 {"decrepit/libdecrepit.a", "libraries", b / "decrepit/libdecrepit.a"},
                                 {"/usr/lib/libz.so", "libraries", "/usr/lib/libz.so"},
                                 {"gen/libvendored.a", "libraries", b / "gen/libvendored.a"},
                                 {"-lm", "libraries", {}},
                                 {"-lm", "libraries", {}},
                                 {"-O1", "flags", {}}};
  auto got = probe_link_libraries(f, {b / "libs/libchosen.a", b / "decrepit/libdecrepit.a"});
  CHECK(got == std::vector<std::string>{"/usr/lib/libz.so", "/c/b/gen/libvendored.a", "-lm"});
}

TEST_CASE("deps: progress lines name the program a step runs") {
  CHECK(progress_step({"cmake", "--build", "b"}) == "cmake --build");
  CHECK(progress_step({"/usr/bin/make", "-j", "2"}) == "make");
  CHECK(progress_step({"env", "NOCONFIGURE=1", "./autogen.sh"}) == "autogen.sh");
  CHECK(progress_step({"env", "NOCONFIGURE=1", "sh", "./bootstrap"}) == "bootstrap");
  CHECK(progress_step({"sh", "-c", "./config && make"}) == "its command");
}
