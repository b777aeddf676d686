// trash.cpp: rename-then-delete (see trash.h).
#include "cachedir/trash.h"

#include <cerrno>
#include <cstdio>
#include <system_error>

#include "cachedir/atomic_file.h"

namespace cxxtest::cachedir {
namespace {

namespace fs = std::filesystem;

Error report(const char* op, const fs::path& path, std::error_code ec) {
  return Error{std::string(op) + " " + path.string() + ": " + ec.message()};
}

bool vanished(std::error_code ec) { return ec == std::errc::no_such_file_or_directory; }

}  // namespace

Status remove_tree(const fs::path& path) {
  std::error_code ec;
  fs::file_status st = fs::symlink_status(path, ec);
  if (vanished(ec)) return {};
  if (ec) return report("stat", path, ec);
  if (fs::is_directory(st)) {
    fs::directory_iterator it(path, ec), end;
    for (; !ec && it != end; it.increment(ec))
      if (Status removed = remove_tree(it->path()); !removed) return removed;
    if (ec && !vanished(ec)) return report("read directory", path, ec);
  }
  fs::remove(path, ec);
  if (ec && !vanished(ec)) return report("remove", path, ec);
  return {};
}

Status remove_via_trash(const fs::path& dir, std::string_view name) {
  fs::path from = dir / name;
  fs::path trash = dir / (".trash." + std::string(name) + "." + unique_token());
  if (std::rename(from.c_str(), trash.c_str()) != 0) {
    std::error_code ec(errno, std::generic_category());
    if (vanished(ec)) return {};
    return report("rename", from, ec);
  }
  return remove_tree(trash);
}

Status remove_stale_trash(const fs::path& dir) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    if (!it->path().filename().string().starts_with(".trash.")) continue;
    if (Status removed = remove_tree(it->path()); !removed) return removed;
  }
  if (ec && !vanished(ec)) return report("read directory", dir, ec);
  return {};
}

}  // namespace cxxtest::cachedir
