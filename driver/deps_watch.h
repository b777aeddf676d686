// The no-op fast path of ensure_dep: instead of walking the whole source
// tree (thousands of lstats for a large library), a run first checks only
// the files the last build depended on: the sources its build compiled (from
// the wrapper's compile.log), the source-tree headers they include
// (textually, through the -I dirs of their compile commands, conditional
// includes too), the build system's own files (CMakeLists.txt, *.cmake,
// Makefile*, *.am, *.ac, *.in, configure, *.m4, *.mk) and the directories
// holding any of them (a file added or removed changes its directory's
// mtime), each only when the walk saw it (so never a file of the module,
// the cache or another build tree). When those and the fingerprint's other
// inputs are as they were, the recorded result stands; else the full walk
// decides.
//
// An include the textual scan cannot see (#include MACRO) is not watched: an
// edit of such a header alone is noticed by the next full walk only, which
// `cxxtest clean -cache` forces.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "driver/deps_internal.h"

namespace cxxtest::driver::deps {

struct WatchedPath {
  std::string path;  // absolute
  bool dir = false;  // a directory: only its mtime counts
};

// The watched set after a build: `entries` is the walk taken before it
// (their stats are the ones the build saw). Empty when the build compiled
// nothing through the wrappers (a command that ignores $CC): then every run
// walks the tree.
std::vector<WatchedPath> watched_paths(const DepDirs& dirs, bool build_is_copy,
                                       const std::vector<SourceEntry>& entries);

// A digest of the watched paths' stats now (a missing path counts as such).
std::string watched_digest(const std::vector<WatchedPath>& paths);

// The same digest from the walk's stats (for files in `entries`) and the
// directories' stats now: what the build saw.
std::string watched_digest_at_walk(const std::vector<WatchedPath>& paths, const fs::path& source,
                                   const std::vector<SourceEntry>& entries);

}  // namespace cxxtest::driver::deps
