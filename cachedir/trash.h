// trash.h: removing trees that other cxxtest processes may be using.
//
// A tree is first renamed to a unique `.trash.<name>.<token>` beside it, an
// atomic step: from then on no process finds anything under the old name
// (a writer recreates it fresh), and no process ever sees a half-deleted
// tree there. The renamed tree is then deleted. A process killed while
// deleting leaves a `.trash.*` entry, which remove_stale_trash() deletes.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "common/expected.h"

namespace cxxtest::cachedir {

// Removes dir/name (a file or a tree) as described above. Succeeds when
// dir/name is gone, including when it never existed. On failure whatever
// was not deleted stays under its .trash.* name.
Status remove_via_trash(const std::filesystem::path& dir, std::string_view name);

// Deletes every `.trash.*` entry directly under dir. Safe to run while other
// processes delete the same trees: an entry that vanishes meanwhile is fine.
Status remove_stale_trash(const std::filesystem::path& dir);

// Deletes a file or tree, treating entries that vanish meanwhile as deleted.
Status remove_tree(const std::filesystem::path& path);

}  // namespace cxxtest::cachedir
