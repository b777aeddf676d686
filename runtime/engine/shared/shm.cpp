// engine/shared/shm.cpp: creating and mapping the shared memory (see shm.h).
#include "engine/shared/shm.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace cxxtest::runtime::engine {
namespace {

size_t page_round(size_t n) { return (n + kPage - 1) / kPage * kPage; }

std::string os_error(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// A memfd of `size` bytes mapped with `prot`; -1 on failure.
Expected<int> make_memfd(const char* name, size_t size, int prot, void** addr) {
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return Error{os_error("memfd_create")};
  if (ftruncate(fd, off_t(size)) != 0) {
    Error e{os_error("ftruncate")};
    close(fd);
    return e;
  }
  *addr = size ? mmap(nullptr, size, prot, MAP_SHARED, fd, 0) : nullptr;
  if (*addr == MAP_FAILED) {
    Error e{os_error("mmap")};
    close(fd);
    return e;
  }
  return fd;
}

}  // namespace

ShmLayout shm_layout(size_t mask_size) {
  ShmLayout l;
  l.report = kPage;
  l.keep = l.report + kReportCap;
  l.snap = l.keep + page_round(mask_size);
  l.original = l.snap + page_round(mask_size);
  l.current = l.original + kInputCap;
  l.total = l.current + kInputCap;
  return l;
}

Expected<int> create_shm(size_t mask_size, ShmView& view) {
  size_t total = shm_layout(mask_size).total;
  void* addr = nullptr;
  Expected<int> fd = make_memfd("cxxtest-fuzz-worker", total, PROT_READ | PROT_WRITE, &addr);
  if (!fd) return fd;
  view = ShmView(static_cast<uint8_t*>(addr), mask_size);
  view.header().magic = kShmMagic;
  view.header().mask_size = uint32_t(mask_size);
  return fd;
}

Status map_shm(int fd, size_t mask_size, ShmView& view) {
  size_t total = shm_layout(mask_size).total;
  void* addr = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) return Error{os_error("mmap")};
  view = ShmView(static_cast<uint8_t*>(addr), mask_size);
  if (view.header().magic != kShmMagic || view.header().mask_size != mask_size)
    return Error{"shared memory does not match this binary (magic or coverage size differs)"};
  return {};
}

Expected<int> create_mask(size_t size, uint8_t** mask) {
  void* addr = nullptr;
  Expected<int> fd = make_memfd("cxxtest-fuzz-mask", size, PROT_READ | PROT_WRITE, &addr);
  *mask = static_cast<uint8_t*>(addr);
  return fd;
}

Status map_mask(int fd, size_t size, const uint8_t** mask) {
  *mask = nullptr;
  if (size == 0) return {};
  void* addr = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) return Error{os_error("mmap")};
  *mask = static_cast<const uint8_t*>(addr);
  return {};
}

}  // namespace cxxtest::runtime::engine
