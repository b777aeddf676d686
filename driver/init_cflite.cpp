// cxxtest init -clusterfuzzlite: writes .clusterfuzzlite/{project.yaml,
// Dockerfile, build.sh} at the root of the repository holding the module
// (the nearest directory above it with .git, else the module's root), the
// files ClusterFuzzLite builds with; the same three serve as an OSS-Fuzz
// project directory (projects/NAME/). build.sh is one `cxxtest export`.
#include <iostream>

#include "cachedir/atomic_file.h"
#include "driver/export.h"
#include "driver/module.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

fs::path repository_root(const fs::path& module_root) {
  for (fs::path p = module_root; !p.empty(); p = p.parent_path()) {
    std::error_code ec;
    if (fs::exists(p / ".git", ec)) return p;
    if (p == p.parent_path()) break;
  }
  return module_root;
}

std::string dockerfile(const std::string& project, const std::string& module_rel) {
  std::string workdir = "$SRC/" + project + (module_rel == "." ? "" : "/" + module_rel);
  return "# The build image of ClusterFuzzLite and OSS-Fuzz, written by cxxtest init\n"
         "# -clusterfuzzlite. build.sh runs in it, in WORKDIR, with $OUT, $CC, $CXX,\n"
         "# $CFLAGS, $CXXFLAGS, $LIB_FUZZING_ENGINE and $SANITIZER set.\n"
         "FROM gcr.io/oss-fuzz-base/base-builder\n\n"
         "# cxxtest and what its export needs (ninja, zip, RE2 for the runtime).\n"
         "ARG CXXTEST_GIT=https://example.com/cxxtest.git\n"
         "RUN apt-get update && apt-get install -y --no-install-recommends \\\n"
         "      cmake ninja-build zip pkg-config libre2-dev libtomlplusplus-dev nlohmann-json3-dev \\\n"
         "      llvm-dev libclang-dev libclang-cpp-dev\n"
         "RUN git clone --depth 1 $CXXTEST_GIT /opt/cxxtest-src && \\\n"
         "    cmake -S /opt/cxxtest-src -B /opt/cxxtest-build -G Ninja -DCMAKE_BUILD_TYPE=Release "
         "-DBUILD_TESTING=OFF && \\\n"
         "    cmake --build /opt/cxxtest-build && cmake --install /opt/cxxtest-build --prefix /usr/local\n\n"
         "# The project (ClusterFuzzLite: this repository; an OSS-Fuzz project dir\n"
         "# clones it instead: RUN git clone --depth 1 <repository> $SRC/" +
         project +
         ").\n"
         "COPY . $SRC/" +
         project +
         "\n"
         "WORKDIR " +
         workdir +
         "\n"
         "COPY .clusterfuzzlite/build.sh $SRC/\n";
}

const char* kBuildSh =
    "#!/bin/bash -eu\n"
    "# Written by cxxtest init -clusterfuzzlite. Runs in the build image, in the\n"
    "# module's directory, with OSS-Fuzz's environment: every fuzz test becomes a\n"
    "# libFuzzer-ABI target in $OUT (built with $CC, $CXX, $CFLAGS, $CXXFLAGS and\n"
    "# $LIB_FUZZING_ENGINE) with its seed corpus, dictionary and options.\n"
    "cxxtest export -o \"$OUT\" ./...\n";

}  // namespace

Exit init_clusterfuzzlite(const std::vector<std::string>& args) {
  if (!args.empty()) return sub_fail("init -clusterfuzzlite takes no other arguments");
  auto module_root = find_module_root(fs::current_path());
  if (!module_root) return sub_fail(module_root.error() + " (run cxxtest init first)");
  fs::path repo = repository_root(*module_root);
  fs::path dir = repo / ".clusterfuzzlite";
  std::string project = repo.filename().string();
  std::string module_rel = module_root->lexically_relative(repo).string();
  if (module_rel.empty()) module_rel = ".";
  std::vector<std::pair<std::string, std::string>> files{
      {"project.yaml", "# Written by cxxtest init -clusterfuzzlite.\nlanguage: c++\n"},
      {"Dockerfile", dockerfile(project, module_rel)},
      {"build.sh", kBuildSh}};
  for (const auto& [name, text] : files) {
    std::error_code ec;
    if (fs::exists(dir / name, ec)) return sub_fail("init: " + (dir / name).string() + " already exists");
  }
  for (const auto& [name, text] : files) {
    Status written = cxxtest::cachedir::write_atomic(dir / name, text);
    if (!written) return sub_fail("init: " + written.error());
  }
  std::error_code ec;
  fs::permissions(dir / "build.sh", fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add, ec);
  std::cerr << "cxxtest: created " << (dir / "project.yaml").string() << ", Dockerfile and build.sh\n"
            << "cxxtest: set CXXTEST_GIT in the Dockerfile to where cxxtest's source is; the GitHub\n"
            << "cxxtest: workflow that runs them is in cxxtest's README (ClusterFuzzLite)\n";
  return Exit::Ok;
}

}  // namespace cxxtest::driver
