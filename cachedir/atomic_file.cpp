// atomic_file.cpp: temp file + rename(2) (see atomic_file.h).
#include "cachedir/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>

namespace cxxtest::cachedir {
namespace {

namespace fs = std::filesystem;

// Sets *err to "<op> <path>: <strerror>" and returns errnum.
int report(std::string* err, const char* op, const fs::path& path, int errnum) {
  if (err) *err = std::string(op) + " " + path.string() + ": " + std::strerror(errnum);
  return errnum;
}

}  // namespace

// Unique within this process by a counter, across processes by the pid, and
// across pid reuse by the clock.
std::string unique_token() {
  static std::atomic<uint64_t> counter{0};
  uint64_t mix = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  mix ^= (counter.fetch_add(1) + 1) * 0x9e3779b97f4a7c15ull;
  char hex[17];
  for (int i = 15; i >= 0; --i, mix >>= 4) hex[i] = "0123456789abcdef"[mix & 15];
  hex[16] = '\0';
  return std::to_string(getpid()) + "." + hex;
}

namespace {

// write(2) until done; false with errno set on failure.
bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

bool fsync_dir(const fs::path& dir, std::string* err) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return report(err, "open", dir, errno) == 0;
  bool ok = ::fsync(fd) == 0;
  int saved = errno;
  ::close(fd);
  return ok || report(err, "fsync", dir, saved) == 0;
}

// One attempt. Returns 0 on success, else the errno that stopped it (with
// *err set); ENOENT means the directory went away and a retry may succeed.
int try_write(const fs::path& dest, std::string_view data, std::string* err, Durability durability) {
  std::error_code ec;
  fs::create_directories(dest.parent_path(), ec);
  if (ec) return report(err, "mkdir", dest.parent_path(), ec.value());
  fs::path temp;
  int fd = -1;
  do {
    temp = dest;
    temp += ".tmp." + unique_token();
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  } while (fd < 0 && errno == EEXIST);
  if (fd < 0) return report(err, "open", temp, errno);
  const char* op = nullptr;  // the step that failed, if any
  if (!write_all(fd, data)) op = "write";
  else if (durability == Durability::Fsync && ::fsync(fd) != 0) op = "fsync";
  int saved = errno;
  if (::close(fd) != 0 && !op) {
    op = "close";
    saved = errno;
  }
  if (op) {
    ::unlink(temp.c_str());
    return report(err, op, temp, saved);
  }
  if (::rename(temp.c_str(), dest.c_str()) != 0) {
    saved = errno;
    ::unlink(temp.c_str());
    return report(err, "rename", dest, saved);
  }
  if (durability == Durability::Fsync && !fsync_dir(dest.parent_path(), err)) return EIO;
  return 0;
}

}  // namespace

Status write_atomic(const fs::path& dest, std::string_view data, Durability durability) {
  std::string err;
  int result = ENOENT;
  for (int attempt = 0; attempt < 3 && result == ENOENT; ++attempt)
    result = try_write(dest, data, &err, durability);
  if (result != 0) return Error{err};
  return {};
}

Expected<std::string> read_file(const fs::path& file) { return read_file(file, nullptr); }

Expected<std::string> read_file(const fs::path& file, int64_t* mtime_ns) {
  std::string err;
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    report(&err, "open", file, errno);
    return Error{err};
  }
  std::string data;
  if (mtime_ns) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      int saved = errno;
      ::close(fd);
      report(&err, "fstat", file, saved);
      return Error{err};
    }
    *mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    data.reserve(static_cast<size_t>(st.st_size));
  }
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int saved = errno;
      ::close(fd);
      if (n == 0) return data;
      report(&err, "read", file, saved);
      return Error{err};
    }
    data.append(buf, static_cast<size_t>(n));
  }
}

bool is_temp_name(std::string_view file_name) { return file_name.find(".tmp.") != std::string_view::npos; }

}  // namespace cxxtest::cachedir
