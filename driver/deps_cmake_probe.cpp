// The link probe for CMake deps: what the static libraries need at link
// time (BZip2::BZip2, ZLIB::ZLIB, Threads::Threads, -lm), which the File
// API says only for targets that link: an executable target, never built,
// that links every static library of the project, added by a script the
// configure includes (CMAKE_PROJECT_INCLUDE) and run when the top
// directory is done (cmake_language(DEFER), CMake 3.19+: older CMake
// configures as before, without it).
#include <algorithm>

#include "cachedir/atomic_file.h"
#include "driver/deps_internal.h"

namespace cxxtest::driver::deps {

namespace {

// Included after every project() call: only the top one's counts, once.
constexpr const char* kProbeScript = R"(# Written by cxxtest: see driver/deps_cmake_probe.cpp.
if(NOT CMAKE_CURRENT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR OR CMAKE_VERSION VERSION_LESS 3.19
   OR COMMAND cxxtest_link_probe)
  return()
endif()
function(cxxtest_static_libraries dir out)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  set(found)
  foreach(t IN LISTS targets)
    get_target_property(type "${t}" TYPE)
    if(type STREQUAL "STATIC_LIBRARY")
      list(APPEND found "${t}")
    endif()
  endforeach()
  foreach(d IN LISTS subdirs)
    cxxtest_static_libraries("${d}" below)
    list(APPEND found ${below})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()
function(cxxtest_add_link_probe)
  cxxtest_static_libraries("${CMAKE_SOURCE_DIR}" libs)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  list(FIND languages C c_at)
  list(FIND languages CXX cxx_at)
  if(NOT libs OR TARGET cxxtest_link_probe)
    return()
  elseif(c_at GREATER -1)
    set(main "${CMAKE_BINARY_DIR}/cxxtest_link_probe.c")
  elseif(cxx_at GREATER -1)
    set(main "${CMAKE_BINARY_DIR}/cxxtest_link_probe.cpp")
  else()
    return()
  endif()
  file(WRITE "${main}" "int main(void) { return 0; }\n")
  add_executable(cxxtest_link_probe EXCLUDE_FROM_ALL "${main}")
  target_link_libraries(cxxtest_link_probe PRIVATE ${libs})
endfunction()
# The project's cmake_minimum_required may be ancient (FreeType 2.8's
# 2.6): this script's commands run under policies of their own.
function(cxxtest_link_probe)
  cmake_policy(PUSH)
  cmake_policy(VERSION 3.19)
  cxxtest_add_link_probe()
  cmake_policy(POP)
endfunction()
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL cxxtest_link_probe)
)";

}  // namespace

const char* const kLinkProbeTarget = "cxxtest_link_probe";
const char* const kLinkProbeScript = "link-probe-2.cmake";

Expected<fs::path> write_link_probe(const DepDirs& dirs) {
  fs::path script = dirs.root / kLinkProbeScript;
  std::error_code ec;
  if (fs::exists(script, ec)) return script;
  Status written = cachedir::write_atomic(script, kProbeScript);
  if (!written) return Error{written.error()};
  return script;
}

std::vector<std::string> probe_link_libraries(const std::vector<LinkFragment>& fragments,
                                              const std::vector<fs::path>& archives) {
  std::vector<std::string> out;
  for (const LinkFragment& f : fragments) {
    if (f.role != "libraries" || f.fragment.empty()) continue;
    // The project's own archives are linked already, or not wanted.
    if (std::find(archives.begin(), archives.end(), f.path) != archives.end()) continue;
    // A path relative to the build dir would name nothing where the test
    // binary links.
    std::string arg = f.path.empty() || fs::path(f.fragment).is_absolute() ? f.fragment : f.path.string();
    if (std::find(out.begin(), out.end(), arg) == out.end()) out.push_back(arg);
  }
  return out;
}

}  // namespace cxxtest::driver::deps
