// crash/exceptions.cpp: see exceptions.h.
//
// Where an exception was thrown: every throw expression calls __cxa_throw
// (rethrows do not: they keep the first throw's object), so the runtime
// defines that function, records the calling stack with the thrown object's
// address in a small per-thread ring, and forwards to the C++ runtime's.
// The definition is weak: a program linking libsupc++ statically keeps its
// own, and under ASan its interceptor (weak too, linked first) is the one
// used; either way there are then no throw sites, nothing worse. (The
// allocation, __cxa_allocate_exception, would be hooked as easily, but the
// optimizer merges the allocations of several throws into one call with no
// line of its own.) When an exception escapes a test, run_guarded looks up
// the escaping object's address (std::current_exception's pointer, which is
// the object's in libstdc++ and libc++) and prints only that stack.
#include "crash/exceptions.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <typeinfo>

#include "crash/raw_writer.h"
#include "crash/runner_frame_names.h"
#include "crash/symbolize.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {
namespace {

constexpr int kMaxThrowFrames = 32;
constexpr unsigned kRingSize = 8;  // throws in flight on one thread (rethrows, nested handlers)

// Frames of the recording itself: record_throw_site and __cxa_throw.
constexpr int kHookFrames = 2;

struct ThrowSite {
  const void* object = nullptr;
  int n_frames = 0;
  void* frames[kMaxThrowFrames + kHookFrames];
};

thread_local ThrowSite ring[kRingSize];
thread_local unsigned ring_next = 0;
std::atomic<bool> recording{true};

__attribute__((noinline)) void record_throw_site(const void* object) {
  ThrowSite& site = ring[ring_next++ % kRingSize];
  site.object = object;
  site.n_frames = backtrace(site.frames, kMaxThrowFrames + kHookFrames);
}

// The newest record for `object`: an exception caught and destroyed earlier
// may have had the same address.
const ThrowSite* find_throw_site(const void* object) {
  if (!object) return nullptr;
  for (unsigned i = 1; i <= kRingSize; ++i) {
    const ThrowSite& site = ring[(ring_next - i) % kRingSize];
    if (site.object == object && site.n_frames > kHookFrames) return &site;
  }
  return nullptr;
}

// The thrown object of the exception being handled, or nullptr.
const void* current_exception_object() {
  std::exception_ptr current = std::current_exception();
  static_assert(sizeof current == sizeof(void*), "exception_ptr is one pointer to the thrown object");
  const void* object;
  std::memcpy(&object, &current, sizeof object);
  return object;
}

}  // namespace

// Drops the frames of the runner below the test: the first cxxtest frame
// and everything after it, and the std::function frames just above it.
std::string without_runner_frames(std::string stack) {
  size_t cut = 0;
  bool input_copy = false;
  while (cut < stack.size()) {
    size_t end = stack.find('\n', cut);
    if (end == std::string::npos) end = stack.size();
    std::string_view function = sanitizer_frame_function(std::string_view(stack).substr(cut, end - cut));
    input_copy = is_input_copy(function);
    if (is_cxxtest_function(function)) break;
    cut = end + 1;
  }
  if (cut >= stack.size()) return stack;
  if (input_copy && cut > 0) {  // an allocation stack of the fuzz input: one line says so
    std::string indent = stack.substr(cut, stack.find('#', cut) - cut);
    stack.resize(cut);
    return stack + indent + std::string(kInputCopyNote) + "\n";
  }
  stack.resize(cut);
  for (;;) {
    size_t start = stack.rfind('\n', stack.size() >= 2 ? stack.size() - 2 : 0);
    start = start == std::string::npos ? 0 : start + 1;
    std::string_view last(stack.data() + start, stack.size() - start);
    if (!is_call_plumbing(sanitizer_frame_function(last)) || start == 0) break;
    stack.resize(start);
  }
  return stack;
}

std::string without_runner_frames_or_whole(const std::string& stack) {
  std::string kept = without_runner_frames(stack);
  return kept.empty() ? stack : kept;
}

std::string demangle(const char* mangled) {
  int status = 0;
  char* s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string out = status == 0 && s ? s : mangled;
  std::free(s);
  return out;
}

std::string describe_current_exception() {
  std::type_info* type = abi::__cxa_current_exception_type();
  if (!type) return "";
  std::string out = demangle(type->name());
  try {
    throw;
  } catch (const std::exception& e) {
    out += ": ";
    out += e.what();
  } catch (...) {
  }
  return out;
}

void record_throw_sites(bool on) { recording.store(on, std::memory_order_relaxed); }

int current_throw_frames(void** out, int max) {
  // Off, the ring may hold an older throw of an object at the same address.
  if (!recording.load(std::memory_order_relaxed)) return 0;
  const ThrowSite* site = find_throw_site(current_exception_object());
  if (!site) return 0;
  int n = std::min(site->n_frames - kHookFrames, max);
  std::copy(site->frames + kHookFrames, site->frames + kHookFrames + n, out);
  out[0] = static_cast<char*>(out[0]) - 1;  // write_stack takes [0] as an exact pc: the call's
  return n;
}

std::string current_throw_site() {
  void* frames[kMaxThrowFrames];
  int n = current_throw_frames(frames, kMaxThrowFrames);
  if (n == 0) return "";
  static std::mutex mu;  // write_stack's buffers are static
  std::lock_guard lock(mu);
  int fd = memfd_create("cxxtest-throw-site", MFD_CLOEXEC);
  if (fd < 0) return "";
  {
    RawWriter w(fd);
    write_stack(w, frames, n, 0);
  }
  std::string text;
  char buf[4096];
  if (lseek(fd, 0, SEEK_SET) == 0)
    for (ssize_t got; (got = read(fd, buf, sizeof buf)) > 0;) text.append(buf, size_t(got));
  close(fd);
  return without_runner_frames(std::move(text));
}

void run_guarded(TestState& t, const std::function<void()>& fn) {
  try {
    fn();
  } catch (const StopTest&) {
  } catch (abi::__forced_unwind&) {
    throw;
  } catch (...) {
    std::string what = "uncaught exception " + describe_current_exception();
    if (std::string site = current_throw_site(); !site.empty()) what += "\n\nthrown at:\n" + site;
    log_panic(t, what);
  }
}

}  // namespace cxxtest::runtime

extern "C" void __asan_handle_no_return() __attribute__((weak));

// The hook (see the top of this file).
extern "C" __attribute__((weak, noreturn)) void __cxa_throw(void* object, std::type_info* type,
                                                            void (*destroy)(void*)) {
  using Throw = void (*)(void*, std::type_info*, void (*)(void*));
  static Throw next = reinterpret_cast<Throw>(dlsym(RTLD_NEXT, "__cxa_throw"));
  if (!next) std::abort();  // no C++ runtime after this program: cannot happen with a shared libstdc++
  if (cxxtest::runtime::recording.load(std::memory_order_relaxed))
    cxxtest::runtime::record_throw_site(object);
  if (__asan_handle_no_return) __asan_handle_no_return();  // what ASan's own hook does
  next(object, type, destroy);
  __builtin_unreachable();
}
