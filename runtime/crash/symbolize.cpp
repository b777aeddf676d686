// crash/symbolize.cpp: see symbolize.h. Everything here uses static buffers only.
#include "crash/symbolize.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "crash/module_of.h"
#include "testing/env_log.h"

extern char** environ;

namespace cxxtest::runtime {
namespace {

constexpr size_t kPathMax = 4096;
constexpr int kMaxFrames = 64;
char symbolizer_path[kPathMax];
char exe_path[kPathMax];
char input[64 * 1024];
char output[256 * 1024];

bool find_in_path(const char* name, char* out) {
  const char* path = env_lookup("PATH");
  if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
  for (const char* p = path; *p;) {
    const char* end = p;
    while (*end && *end != ':') ++end;
    int n = std::snprintf(out, kPathMax, "%.*s/%s", int(end - p), p, name);
    if (n > 0 && size_t(n) < kPathMax && access(out, X_OK) == 0) return true;
    p = *end ? end + 1 : end;
  }
  out[0] = '\0';
  return false;
}

// Runs the symbolizer on `input` (len bytes); returns the bytes of output read.
size_t run_symbolizer(size_t len) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return 0;
  if (pipe2(out, O_CLOEXEC) != 0) return close(in[0]), close(in[1]), 0;
  pid_t pid = pid_t(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 2);
    char arg0[] = "llvm-symbolizer", arg1[] = "--inlines", arg2[] = "--demangle";
    char* argv[] = {arg0, arg1, arg2, nullptr};
    execve(symbolizer_path, argv, environ);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  size_t got = 0;
  if (pid > 0) {
    // A symbolizer that exits early must not kill us with SIGPIPE.
    struct sigaction ignore {
    }, saved{};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &saved);
    (void)!write(in[1], input, len);  // small; fits the pipe buffer
    close(in[1]);
    sigaction(SIGPIPE, &saved, nullptr);
    pollfd pfd{out[0], POLLIN, 0};
    while (got < sizeof output && poll(&pfd, 1, 5000) > 0) {
      ssize_t n = read(out[0], output + got, sizeof output - got);
      if (n <= 0) break;
      got += size_t(n);
    }
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  } else {
    close(in[1]);
  }
  close(out[0]);
  return got;
}

// Reads the next line of output starting at *pos; returns its length.
size_t next_line(size_t got, size_t* pos, const char** line) {
  *line = output + *pos;
  size_t n = 0;
  while (*pos + n < got && output[*pos + n] != '\n') ++n;
  *pos += n + (*pos + n < got ? 1 : 0);
  return n;
}

// The symbolizer's answer for one frame: output[begin, end) holds
// (function, location) line pairs.
struct Block {
  size_t begin = 0, end = 0;
  bool runtime = false;  // a frame of the cxxtest runner
  bool std_only = true;  // only std:: functions (std::function plumbing)
};

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Splits the output into one block per frame and returns how many frames to
// show: those above the first runner frame, without the std:: call plumbing
// just above it. Runner frames on top of the stack (what reported the
// failure: a limit check on malloc, fail_process_here's caller) are left
// out first, `*first` of them, when a frame of the code under test follows.
int split_blocks(size_t got, Block* blocks, int n, int* first) {
  size_t pos = 0;
  int cut = n;
  *first = 0;
  for (int i = 0; i < n; ++i) {
    blocks[i] = Block{pos, pos};
    const char *fn, *loc;
    for (size_t fn_len; pos < got && (fn_len = next_line(got, &pos, &fn)) > 0;) {
      next_line(got, &pos, &loc);
      std::string_view f(fn, fn_len);
      blocks[i].runtime = blocks[i].runtime || f.find("cxxtest::runtime::") != f.npos ||
                          starts_with(f, "cxxtest_") ||  // the runtime's C entries
                          starts_with(f, "cxxtest::T::Run(") ||
                          starts_with(f, "cxxtest::internal::run_main(");
      blocks[i].std_only = blocks[i].std_only && (starts_with(f, "std::") || starts_with(f, "void std::"));
      blocks[i].end = pos;
    }
    if (blocks[i].runtime && cut == n) {
      if (i == *first) ++*first;  // still on top of the stack
      else cut = i;
    }
  }
  if (*first >= n) *first = 0, cut = 0;  // runner frames only: none shown, as before
  if (cut < n) {
    while (cut > *first + 1 && blocks[cut - 1].std_only && blocks[cut - 1].end > blocks[cut - 1].begin) --cut;
  }
  return cut;
}

// The executable's path for the executable, else the module's own.
const char* module_path(const ModuleHit& m) { return m.name[0] ? m.name : exe_path; }

// Writes the symbolized lines of a frame; false if it has none.
// One frame's lines: an inlined call chain gets one number per function, as
// the sanitizers number them, all at the frame's pc. A function without a
// source location (a runtime's malloc, a library built without -g) gets its
// module and offset instead of "??:0:0", as the sanitizers print it.
bool write_block(RawWriter& w, const Block& b, int& number, uintptr_t pc, const ModuleHit& m, int indent) {
  bool printed = false;
  size_t pos = b.begin;
  const char *fn, *loc;
  while (pos < b.end) {
    size_t fn_len = next_line(b.end, &pos, &fn);
    size_t loc_len = next_line(b.end, &pos, &loc);
    if (fn_len == 2 && fn[0] == '?') continue;
    w.spaces(indent).put('#').dec(uint64_t(number++)).put(' ').hex(pc);
    w.str(" in ").str({fn, fn_len}).put(' ');
    if (loc_len >= 2 && loc[0] == '?' && loc[1] == '?' && m.found)
      w.put('(').str(module_path(m)).put('+').hex(m.offset).put(')');
    else w.str({loc, loc_len});
    w.put('\n');
    printed = true;
  }
  return printed;
}

void write_raw_frame(RawWriter& w, int i, uintptr_t pc, const ModuleHit& m, int indent) {
  w.spaces(indent).put('#').dec(uint64_t(i)).put(' ').hex(pc);
  if (m.found) w.str(" (").str(module_path(m)).put('+').hex(m.offset).put(')');
  w.put('\n');
}

}  // namespace

void init_symbolizer() {
  ssize_t n = readlink("/proc/self/exe", exe_path, kPathMax - 1);
  exe_path[n > 0 ? n : 0] = '\0';
  if (const char* s = env_lookup("CXXTEST_SYMBOLIZER"); s && *s) {
    if (access(s, X_OK) == 0) std::snprintf(symbolizer_path, kPathMax, "%s", s);
    return;  // an unusable override means no symbolizer, not a search
  }
  if (find_in_path("llvm-symbolizer", symbolizer_path)) return;
  char name[32];
  for (int v = 20; v >= 14; --v) {
    std::snprintf(name, sizeof name, "llvm-symbolizer-%d", v);
    if (find_in_path(name, symbolizer_path)) return;
  }
}

const char* executable_path() { return exe_path; }

bool symbolize_global(const char* path, uintptr_t offset, std::string& name, uint64_t& size) {
  int len =
      std::snprintf(input, sizeof input, "DATA \"%s\" 0x%lx\n", path, static_cast<unsigned long>(offset));
  if (!symbolizer_path[0] || len <= 0 || size_t(len) >= sizeof input) return false;
  size_t got = run_symbolizer(size_t(len)), pos = 0;
  const char *first, *second;
  size_t first_len = next_line(got, &pos, &first);    // the name
  size_t second_len = next_line(got, &pos, &second);  // "start size"
  if (first_len == 0 || std::string_view(first, first_len) == "??") return false;
  std::string range(second, second_len);
  size_t space = range.find(' ');
  name.assign(first, first_len);
  size = space == std::string::npos ? 0 : std::strtoull(range.c_str() + space + 1, nullptr, 10);
  return true;
}

void write_stack(RawWriter& w, void* const* frames, int n, int indent, const uintptr_t* shown_pcs) {
  static ModuleHit modules[kMaxFrames];
  static uintptr_t pcs[kMaxFrames];
  static Block blocks[kMaxFrames];
  if (n > kMaxFrames) n = kMaxFrames;
  size_t len = 0;
  for (int i = 0; i < n; ++i) {
    uintptr_t pc = reinterpret_cast<uintptr_t>(frames[i]) - (i > 0 ? 1 : 0);
    pcs[i] = pc;
    modules[i] = module_of(pc);
    if (!modules[i].found) modules[i].offset = pc;
    int k = std::snprintf(input + len, sizeof input - len, "\"%s\" 0x%lx\n", module_path(modules[i]),
                          static_cast<unsigned long>(modules[i].offset));
    if (k > 0 && len + size_t(k) < sizeof input) len += size_t(k);
  }
  size_t got = symbolizer_path[0] ? run_symbolizer(len) : 0;
  int first = 0;
  int shown = split_blocks(got, blocks, n, &first);
  // Printed as the sanitizers print them: the return address itself (the
  // call's address, pc - 1, is what was symbolized), numbered on.
  int number = 0;
  for (int i = first; i < shown; ++i) {
    uintptr_t shown_pc = shown_pcs ? shown_pcs[i] : reinterpret_cast<uintptr_t>(frames[i]);
    if (!write_block(w, blocks[i], number, shown_pc, modules[i], indent))
      write_raw_frame(w, number++, shown_pc, modules[i], indent);
  }
}

}  // namespace cxxtest::runtime
