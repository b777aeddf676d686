// trash.cpp: rename-then-delete (see trash.h).
#include "cachedir/trash.h"

#include <cerrno>
#include <cstdio>
#include <system_error>

#include "cachedir/atomic_file.h"

namespace cxxtest::cachedir {
namespace {

namespace fs = std::filesystem;

bool report(std::string* err, const char* op, const fs::path& path, std::error_code ec) {
  if (err) *err = std::string(op) + " " + path.string() + ": " + ec.message();
  return false;
}

bool vanished(std::error_code ec) { return ec == std::errc::no_such_file_or_directory; }

}  // namespace

bool remove_tree(const fs::path& path, std::string* err) {
  std::error_code ec;
  fs::file_status st = fs::symlink_status(path, ec);
  if (ec) return vanished(ec) || report(err, "stat", path, ec);
  if (fs::is_directory(st)) {
    fs::directory_iterator it(path, ec), end;
    for (; !ec && it != end; it.increment(ec))
      if (!remove_tree(it->path(), err)) return false;
    if (ec && !vanished(ec)) return report(err, "read directory", path, ec);
  }
  fs::remove(path, ec);
  return !ec || vanished(ec) || report(err, "remove", path, ec);
}

bool remove_via_trash(const fs::path& dir, std::string_view name, std::string* err) {
  fs::path from = dir / name;
  fs::path trash = dir / (".trash." + std::string(name) + "." + unique_token());
  if (std::rename(from.c_str(), trash.c_str()) != 0) {
    std::error_code ec(errno, std::generic_category());
    return vanished(ec) || report(err, "rename", from, ec);
  }
  return remove_tree(trash, err);
}

bool remove_stale_trash(const fs::path& dir, std::string* err) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().starts_with(".trash.") && !remove_tree(it->path(), err)) return false;
  }
  return !ec || vanished(ec) || report(err, "read directory", dir, ec);
}

}  // namespace cxxtest::cachedir
