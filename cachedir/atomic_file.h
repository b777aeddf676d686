// atomic_file.h: whole-file writes that readers never see half done, and
// whole-file reads.
//
// Safe across processes: any number of processes may write the same path at
// once; a reader opening it sees no file, one complete old version or one
// complete new version. The last rename wins.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "common/expected.h"

namespace cxxtest::cachedir {

// Whether write_atomic flushes to stable storage before returning.
enum class Durability {
  Normal,  // survives a crash or kill of the process (the usual case)
  Fsync,   // also survives a power loss: fsync the file and its directory
};

// Writes `data` to `dest`: creates missing parent directories (mode 0777 less
// the umask), writes a unique temp file `<name>.tmp.<pid>.<random>` (0666
// less the umask) in the same directory, then renames it over `dest`. If the
// directory vanishes meanwhile (a concurrent clean) it starts over, twice.
//
// On failure returns the error "<operation> <path>: <strerror>", removes
// the temp file and leaves `dest` as it was. A process killed in the middle
// leaves at most a stale temp file (is_temp_name), never a torn `dest`.
Status write_atomic(const std::filesystem::path& dest, std::string_view data,
                    Durability durability = Durability::Normal);

// The whole contents of `file`, or the error "<operation> <path>: <strerror>".
Expected<std::string> read_file(const std::filesystem::path& file);

// The same, also setting *mtime_ns to the file's mtime (unix nanoseconds),
// from the open descriptor: no second lookup of the path.
Expected<std::string> read_file(const std::filesystem::path& file, int64_t* mtime_ns);

// "<pid>.<16 hex>": a token no other call, in this or another process,
// returns at the same time. For unique temp and trash names.
std::string unique_token();

// True for the names of write_atomic's temp files (they hold ".tmp.").
bool is_temp_name(std::string_view file_name);

}  // namespace cxxtest::cachedir
