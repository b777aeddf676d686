// crash/race.cpp: see race.h. ThreadSanitizer (clang 14) calls __tsan_on_report
// after it printed each report, and __tsan::OnFinalize at exit with whether
// reports were printed; both are weak in its runtime, so these definitions
// win. The runtime is linked without -fsanitize=thread, so the hook runs
// uninstrumented code, inside ThreadSanitizer's report lock: it only counts,
// or ends the process.
#include "crash/race.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "common/exit_code.h"
#include "crash/crash.h"
#include "testing/output.h"
#include "testing/test_state.h"

// Defined only when a sanitizer runtime is linked in; __tsan_init only
// with ThreadSanitizer's.
extern "C" void __sanitizer_set_report_path(const char* path) __attribute__((weak));
extern "C" void __tsan_init() __attribute__((weak));

namespace cxxtest::runtime {
namespace {

std::atomic<bool> counting{false};
std::atomic<uint64_t> races{0};

std::mutex file_mu;     // guards the fields below
std::string dir;        // the private report directory, "" when none
std::string file_path;  // <dir>/race.<pid>, where ThreadSanitizer writes
off_t taken = 0;        // bytes of the file already shown

// The same paths for race_remove_files, which may run in a signal handler
// (no lock, no allocation): written once before counting starts.
char dir_c[4096], file_c[4096];

// The report text written since the last call.
std::string take_new_text() {
  std::lock_guard lock(file_mu);
  if (file_path.empty()) return "";
  int fd = open(file_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text;
  char buf[8192];
  for (ssize_t n; (n = pread(fd, buf, sizeof buf, taken)) > 0; taken += n) text.append(buf, size_t(n));
  close(fd);
  return text;
}

// Marks t's parents as having seen `count` races, so that a parent blocked
// in Run does not report its child's race again.
void propagate(TestState* p, uint64_t count) {
  for (; p; p = p->parent) {
    uint64_t seen = p->races_seen.load();
    while (seen < count && !p->races_seen.compare_exchange_weak(seen, count)) {
    }
  }
}

}  // namespace

void race_count_in_tests() {
  if (!__tsan_init || !__sanitizer_set_report_path) return;
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = (tmp && *tmp ? std::string(tmp) : std::string("/tmp")) + "/cxxtest-race-XXXXXX";
  if (!mkdtemp(pattern.data())) return;  // reports stay on stderr, and halt
  {
    std::lock_guard lock(file_mu);
    dir = pattern;
    file_path = dir + "/race." + std::to_string(getpid());
    if (file_path.size() < sizeof file_c) {  // else (a $TMPDIR of 4 KB) nothing is removed early
      std::snprintf(dir_c, sizeof dir_c, "%s", dir.c_str());
      std::snprintf(file_c, sizeof file_c, "%s", file_path.c_str());
    }
  }
  __sanitizer_set_report_path((pattern + "/race").c_str());  // the sanitizer appends .<pid>
  counting = true;
}

uint64_t races_reported() { return races.load(); }

void race_remove_files() {
  if (!counting.load() || !dir_c[0]) return;
  unlink(file_c);
  rmdir(dir_c);
}

void check_races(TestState& t) {
  if (!counting.load() || !t.parent) return;
  uint64_t count = races.load();
  uint64_t seen = t.races_seen.load();
  do {
    if (count <= seen) return;
  } while (!t.races_seen.compare_exchange_weak(seen, count));
  propagate(t.parent, count);
  std::string text = take_new_text();
  if (!text.empty()) log_decorated(t, indent(text));
  bool first;
  {
    std::lock_guard lock(t.mu);
    first = !t.race_logged;
    t.race_logged = true;
  }
  if (first) log_decorated(t, decorate("", "race detected during execution of test"));
  fail(t);
}

std::string race_finish() {
  if (!counting.load()) return "";
  std::string text = take_new_text();
  std::lock_guard lock(file_mu);
  // With no report yet the sanitizer never opened the file: later reports
  // (static destructors) go to stderr. Otherwise its descriptor stays open
  // on the unlinked file, which takes the "reported N warnings" summary.
  if (races.load() == 0) __sanitizer_set_report_path("stderr");
  unlink(file_path.c_str());
  rmdir(dir.c_str());
  file_path.clear();
  return text;
}

}  // namespace cxxtest::runtime

using cxxtest::runtime::counting;
using cxxtest::runtime::races;

// After each report ThreadSanitizer printed: halt (the running test's
// `--- FAIL`, exit kRaceExitCode) or count.
extern "C" void __tsan_on_report(const void*) {
  races.fetch_add(1);
  if (counting.load()) return;
  cxxtest::runtime::report_sanitizer_error();
  _exit(cxxtest::kRaceExitCode);
}

namespace __tsan {
// At exit, whether the process fails with status 66 because reports were
// printed. In count mode each race already failed a test (exit 1) or was
// shown by race_finish, so the exit status is the tests' own.
bool OnFinalize(bool failed) { return failed && !cxxtest::runtime::counting.load(); }
}  // namespace __tsan
