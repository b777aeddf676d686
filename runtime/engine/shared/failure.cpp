// engine/shared/failure.cpp: see failure.h.
#include "engine/shared/failure.h"

#include <sys/wait.h>

#include <csignal>
#include <cstring>
#include <string_view>

namespace cxxtest::runtime::engine {
namespace {

// Signals that mean the input crashed the process (Go's list, and SIGSYS).
bool is_crash_signal(int signo) {
  switch (signo) {
    case SIGSEGV:
    case SIGBUS:
    case SIGFPE:
    case SIGILL:
    case SIGABRT:
    case SIGTRAP:
    case SIGSYS:
    case SIGPIPE: return true;
    default: return false;
  }
}

}  // namespace

Failure read_failure(const ShmView& shm) {
  const FailureRecord& r = shm.header().failure;
  Failure f;
  f.kind = r.kind;
  if (f.kind == FailureKind::None) return f;
  f.detail = r.detail;
  f.value = r.value;
  f.nanos = r.nanos;
  f.where.assign(r.where, strnlen(r.where, kWhereCap));
  uint32_t n = r.nframes < kMaxFrames ? r.nframes : kMaxFrames;
  f.frames.assign(r.frames, r.frames + n);
  f.text.assign(shm.report(), r.text_len < kReportCap ? r.text_len : kReportCap);
  return f;
}

std::vector<uint64_t> program_frames(const std::vector<Frame>& frames, size_t skip, size_t count) {
  std::vector<uint64_t> out;
  for (const Frame& f : frames) {
    if (f.module != 0) continue;
    if (skip > 0) {
      --skip;
      continue;
    }
    if (out.size() == count) break;
    out.push_back(f.offset);
  }
  return out;
}

void clear_failure(const ShmView& shm) { std::memset(&shm.header().failure, 0, sizeof(FailureRecord)); }

bool classify_death(const ShmView& shm, int status, Failure* f) {
  *f = read_failure(shm);
  if (f->kind != FailureKind::None) return true;
  if (WIFSIGNALED(status)) {
    if (!is_crash_signal(WTERMSIG(status))) return false;
    f->kind = FailureKind::Signal;
    f->detail = WTERMSIG(status);
    return true;
  }
  f->kind = FailureKind::Exit;
  f->detail = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return true;
}

namespace {
std::string leak_site(const std::string& report);
}  // namespace

bool same_failure(const Failure& a, const Failure& b) {
  if (a.kind != b.kind) return false;
  if (!a.sanitizer.empty() && !b.sanitizer.empty()) {
    std::string bug = sanitizer_bug(a.sanitizer);
    if (!bug.empty() && bug != sanitizer_bug(b.sanitizer)) return false;
  }
  switch (a.kind) {
    case FailureKind::TestFailed: return true;  // as Go: any t.Error/t.Fatal; the message may differ
    case FailureKind::Exception:
    case FailureKind::Terminate: return a.where == b.where;
    case FailureKind::Signal:
      return a.detail == b.detail && program_frames(a.frames, 0, 2) == program_frames(b.frames, 0, 2);
    case FailureKind::Exit: return a.detail == b.detail;
    default: return true;
  }
}

namespace {

// Whether a symbolized frame's function only hands out memory for its
// caller: malloc's kin and a library's wrappers of them (pj_calloc,
// xmlMallocAtomic, g_malloc0, OPENSSL_zalloc), strdup's, operator new and
// std::allocator. A leak's place is the code that called them.
bool allocating_function(std::string_view frame) {
  size_t in = frame.find(" in ");
  if (in == std::string_view::npos) return false;  // "(MODULE+0xOFFSET)": not symbolized
  std::string_view fn = frame.substr(in + 4);
  if (fn.starts_with("operator new")) return true;
  fn = fn.substr(0, fn.find(' '));
  std::string lower(fn);
  for (char& c : lower) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (std::string_view word : {"alloc", "strdup", "strndup", "memdup"})
    if (lower.find(word) != std::string::npos) return true;
  return false;
}

// A leak report's SUMMARY counts bytes and allocations, which differ from
// one input to the next for the same leak. Its place is the first leak's
// allocation stack below the allocator of frame #0, down to the first two
// frames that are not allocating functions (a library's pj_calloc calls
// malloc for every leak it has: its own two frames would make them all one
// leak), at most kLeakFrames frames, each without its address, which
// differs between processes ("in FUNC FILE:LINE", or "(MODULE+0xOFFSET)"
// for a frame the coordinator could not symbolize).
constexpr int kLeakFrames = 8;
std::string leak_site(const std::string& report) {
  size_t at = report.find(" leak of ");
  if (at == std::string::npos) return "";
  std::string site;
  int callers = 0;
  for (int n = 1; n <= kLeakFrames && callers < 2; ++n) {
    // The frames of the first leak are its stack's lines: "    #N 0x... ".
    size_t line_start = report.find('\n', at);
    if (line_start == std::string::npos) break;
    ++line_start;
    size_t end = report.find('\n', line_start);
    std::string_view line = std::string_view(report).substr(
        line_start, end == std::string::npos ? std::string::npos : end - line_start);
    at = line_start;
    size_t hash = line.find_first_not_of(' ');
    if (hash == std::string_view::npos || line[hash] != '#') break;  // the stack ended
    line.remove_prefix(hash);
    if (line.starts_with("#0 ")) {
      --n;  // the allocator itself
      continue;
    }
    size_t after_address = line.find(' ', 3);  // "#1 0x55d0c1a2b3c4 ..."
    std::string_view frame =
        after_address == std::string_view::npos ? std::string_view() : line.substr(after_address + 1);
    site += "|";
    site += frame;
    if (!allocating_function(line)) ++callers;
  }
  return site;
}

}  // namespace

std::string sanitizer_bug(const std::string& report) {
  std::string line = sanitizer_summary(report);
  if (line.find(" leaked in ") != std::string::npos) return "leak" + leak_site(report);
  // A recursion overflows in whichever of its functions the stack ends:
  // the place differs from one depth to the next, the bug does not.
  if (size_t at = line.find(" stack-overflow"); at != std::string::npos)
    return line.substr(0, at + std::string_view(" stack-overflow").size());
  // A read past a buffer is one bug wherever the buffer lives: PCRE2's
  // match() overran a heap subject and, for a short one, a stack copy, at
  // the same line (two "distinct failures" to -fuzzkeepgoing before).
  for (std::string_view where :
       {" heap-buffer-overflow ", " stack-buffer-overflow ", " global-buffer-overflow "})
    if (size_t at = line.find(where); at != std::string::npos)
      return line.substr(0, at) + " buffer-overflow " + line.substr(at + where.size());
  return line;
}

std::string failure_signature(const Failure& f, const std::string& sanitizer_report) {
  std::string sig = std::to_string(int(f.kind)) + "|" + std::to_string(f.detail) + "|" + f.where;
  if (f.kind == FailureKind::Signal)
    for (uint64_t offset : program_frames(f.frames, 0, 2)) sig += "|" + std::to_string(offset);
  std::string bug = sanitizer_bug(sanitizer_report);
  return bug.empty() ? sig : sig + "|" + bug;
}

std::string sanitizer_summary(const std::string& report) {
  constexpr std::string_view kPrefix = "SUMMARY: ";
  size_t at = report.find(kPrefix);
  if (at == std::string::npos) return "";
  at += kPrefix.size();
  return report.substr(at, report.find('\n', at) - at);
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (!WIFSIGNALED(status)) return "unknown status " + std::to_string(status);
  // Laid out by hand: three signals a line.
  // clang-format off
  static const struct {
    int signo;
    const char* name;
  } kNames[] = {
      {SIGHUP, "hangup"},       {SIGINT, "interrupt"},     {SIGQUIT, "quit"},
      {SIGILL, "illegal instruction"}, {SIGTRAP, "trace/breakpoint trap"}, {SIGABRT, "aborted"},
      {SIGBUS, "bus error"},    {SIGFPE, "floating point exception"}, {SIGKILL, "killed"},
      {SIGSEGV, "segmentation fault"}, {SIGPIPE, "broken pipe"}, {SIGALRM, "alarm clock"},
      {SIGTERM, "terminated"},  {SIGUSR1, "user defined signal 1"}, {SIGUSR2, "user defined signal 2"},
      {SIGSYS, "bad system call"}, {SIGXCPU, "CPU time limit exceeded"},
  };
  // clang-format on
  for (const auto& n : kNames)
    if (n.signo == WTERMSIG(status)) return std::string("signal: ") + n.name;
  return "signal: signal " + std::to_string(WTERMSIG(status));
}

std::string signal_text(int signo) {
  switch (signo) {
    case SIGSEGV: return "SIGSEGV: segmentation violation";
    case SIGBUS: return "SIGBUS: bus error";
    case SIGFPE: return "SIGFPE: floating-point exception";
    case SIGILL: return "SIGILL: illegal instruction";
    case SIGABRT: return "SIGABRT: abort";
    case SIGTRAP: return "SIGTRAP: trace trap";
    case SIGSYS: return "SIGSYS: bad system call";
    case SIGPIPE: return "SIGPIPE: write to broken pipe";
    default: return "signal " + std::to_string(signo);
  }
}

std::string first_log_location(const std::string& log) {
  size_t start = log.find_first_not_of(' ');
  if (start == std::string::npos) return "";
  size_t colon = log.find(':', start);
  if (colon == std::string::npos) return "";
  size_t end = colon + 1;
  while (end < log.size() && log[end] >= '0' && log[end] <= '9') ++end;
  if (end == colon + 1 || end >= log.size() || log[end] != ':') return "";
  std::string loc = log.substr(start, end - start);
  return loc.find('\n') == std::string::npos ? loc : "";
}

}  // namespace cxxtest::runtime::engine
