// testing/env_log.cpp: getenv() interposition and the recorded names (env_log.h).
//
// getenv may run before main, in any thread and inside libc/libstdc++, so
// recording uses only static storage and a spin lock; names that do not fit
// (more than kMaxNames, or kPoolBytes in total) are not recorded.
#include "testing/env_log.h"

#include <atomic>
#include <cstdio>
#include <cstring>

extern char** environ;

namespace cxxtest::runtime {
namespace {

constexpr int kMaxNames = 1024;
constexpr size_t kPoolBytes = 64 * 1024;

std::atomic<bool> recording{false};
std::atomic_flag lock = ATOMIC_FLAG_INIT;
char pool[kPoolBytes];  // NUL-terminated names, back to back
size_t pool_used = 0;
int name_count = 0;
int name_offsets[kMaxNames];

void record(const char* name) {
  size_t len = std::strlen(name);
  while (lock.test_and_set(std::memory_order_acquire)) {
  }
  bool seen = false;
  for (int i = 0; i < name_count && !seen; ++i) seen = std::strcmp(pool + name_offsets[i], name) == 0;
  if (!seen && name_count < kMaxNames && pool_used + len + 1 <= kPoolBytes) {
    std::memcpy(pool + pool_used, name, len + 1);
    name_offsets[name_count++] = int(pool_used);
    pool_used += len + 1;
  }
  lock.clear(std::memory_order_release);
}

}  // namespace

const char* env_lookup(const char* name) {
  if (!name || !environ) return nullptr;
  size_t len = std::strlen(name);
  // A plain loop, not strncmp: in a fuzz build that is intercepted, and a
  // target calling getenv on every input fed each environment entry to the
  // compare tables (guidance.cpp).
  for (char** e = environ; *e; ++e) {
    size_t i = 0;
    while (i < len && (*e)[i] == name[i]) ++i;
    if (i == len && (*e)[len] == '=') return *e + len + 1;
  }
  return nullptr;
}

void env_log_start() { recording = true; }

bool env_log_write(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "a");
  if (!f) return false;
  while (lock.test_and_set(std::memory_order_acquire)) {
  }
  for (int i = 0; i < name_count; ++i) std::fprintf(f, "getenv %s\n", pool + name_offsets[i]);
  lock.clear(std::memory_order_release);
  return std::fclose(f) == 0;
}

}  // namespace cxxtest::runtime

// The C library's getenv, replaced for the whole test binary.
extern "C" char* getenv(const char* name) noexcept {
  using namespace cxxtest::runtime;
  if (recording.load(std::memory_order_relaxed)) record(name);  // name: nonnull, as declared
  return const_cast<char*>(env_lookup(name));
}
