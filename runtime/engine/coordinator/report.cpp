// engine/coordinator/report.cpp: see report.h.
#include "engine/coordinator/report.h"

#include <link.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include "crash/exceptions.h"
#include "crash/input_stack.h"
#include "crash/raw_writer.h"
#include "crash/symbolize.h"
#include "flags/flags.h"
#include "testing/output.h"

namespace cxxtest::runtime::engine {
namespace {

// dlpi_addr of every loaded module, in dl_iterate_phdr order (the order the
// worker numbered its frames in: same binary, same libraries).
std::vector<uintptr_t> module_bases() {
  std::vector<uintptr_t> bases;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* arg) {
        static_cast<std::vector<uintptr_t>*>(arg)->push_back(info->dlpi_addr);
        return 0;
      },
      &bases);
  return bases;
}

std::string mb(uint64_t bytes) { return std::to_string((bytes + (1 << 19)) >> 20) + " MB"; }

// The one-line reason of a failure that ended the worker another way.
std::string death_line(const Failure& f, const ReportContext& ctx) {
  switch (f.kind) {
    case FailureKind::Exit:
      return "fuzzing process hung or terminated unexpectedly: exit status " + std::to_string(f.detail);
    case FailureKind::Timeout:
      return "fuzzing process hung: the input ran longer than -fuzztimeout=" + format_duration(ctx.timeout);
    case FailureKind::Memory:
      if (f.detail == 1) {
        return "fuzzing process ran out of memory: the input allocated " + std::to_string(f.value) +
               " bytes at once, reaching -fuzzrsslimit=" + std::to_string(ctx.rss_limit_mb) + " MB";
      }
      return "fuzzing process ran out of memory: rss " + mb(f.value) +
             " is over -fuzzrsslimit=" + std::to_string(ctx.rss_limit_mb) + " MB";
    case FailureKind::Leak:
      return "fuzzing process found a memory leak: the input leaked memory (LeakSanitizer; "
             "-fuzzleaks=false, or [fuzz] detect_leaks = false in cxxtest.toml, turns this off)";
    default: return "";
  }
}

// What the process wrote, under "output:", every line indented by n + 4;
// bytes a terminal would act on (escapes, carriage returns) shown as '?'.
// "" for none.
std::string output_block(std::string output, int n) {
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  if (output.empty()) return "";
  for (char& c : output) {
    auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f) c = '?';
  }
  return indent_by("output:\n", n) + indent_by(output, n + 4);
}

}  // namespace

std::string sanitizer_failure_text(const Failure& f, const std::string& output, const std::string& on) {
  return sanitizer_exit_line(f) + on + ":\n" + f.text + output_block(output, 0) + indent_by(f.sanitizer, 4);
}

std::string failure_report(const Failure& f, const ReportContext& ctx, const std::string& output,
                           const std::string& on) {
  if (!f.sanitizer.empty() && f.kind == FailureKind::Exit) return sanitizer_failure_text(f, output, on);
  return failure_text(f, ctx, stack_text(f.frames), output) + indent_by(f.sanitizer, 4);
}

std::string indent_by(const std::string& text, int n) {
  std::string out, pad(size_t(n), ' ');
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    out += pad + text.substr(start, end - start);
    start = end;
  }
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

std::string failure_text(const Failure& f, const ReportContext& ctx, const std::string& stack,
                         const std::string& output) {
  // The runner's frames below the fuzz function (invoke_with<...>, a
  // libFuzzer harness's adapter: a kilobyte of template names) say nothing
  // about the failure. A stack of only such frames (a bug in cxxtest) stays.
  std::string frames = without_runner_frames_or_whole(stack);
  std::string line = death_line(f, ctx);
  if (!line.empty()) return line + "\n" + f.text + output_block(output, 0) + indent_by(frames, 4);
  std::string out = "--- FAIL: " + ctx.target + " (" + format_seconds(Nanos(f.nanos)) + ")\n" + f.text;
  bool said_first = f.kind == FailureKind::Signal || f.kind == FailureKind::Terminate;
  if (said_first) out += output_block(output, 4);
  if (f.kind == FailureKind::Exception && !stack.empty()) {
    // Under the log's last line, its panic, as a plain run writes it.
    size_t last = f.text.size() >= 2 ? f.text.rfind('\n', f.text.size() - 2) : std::string::npos;
    last = last == std::string::npos ? 0 : last + 1;
    size_t text_at = f.text.find_first_not_of(' ', last);
    int depth = text_at == std::string::npos ? 8 : int(text_at - last) + 4;
    out += indent_by("\nthrown at:\n" + frames, depth);
  } else if (f.kind == FailureKind::Signal) {
    if (f.value == kStackOverflow)
      out += "    fatal error: stack overflow (the input used more than the " +
             std::to_string(kWorkerInputStackBytes >> 20) + " MB of stack a worker gives it)\n";
    out += "    signal " + signal_text(f.detail) + "\n" + indent_by(frames, 8);
  } else if (f.kind == FailureKind::Terminate) {
    out += "    panic: std::terminate called" + (f.where.empty() ? "" : " after throwing " + f.where) + "\n";
    out += indent_by(frames, 8);
  }
  if (!said_first) out += output_block(output, 4);
  return out + "\n";
}

namespace {

// One line fit for a terminal: control bytes shown as '?', cut at 200 bytes.
std::string one_line(std::string text) {
  if (text.size() > 200) text = text.substr(0, 197) + "...";
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return text;
}

std::string headline_of(const Failure& f, const ReportContext& ctx, const std::string& sanitizer_summary) {
  if (!sanitizer_summary.empty()) return sanitizer_summary;
  std::string line = death_line(f, ctx);
  if (!line.empty()) return line;
  if (f.kind == FailureKind::Signal)
    return f.value == kStackOverflow ? "stack overflow" : "signal " + signal_text(f.detail);
  if (f.kind == FailureKind::Terminate)
    return "std::terminate called" + (f.where.empty() ? "" : " after throwing " + f.where);
  // A log's or exception's first line that says something ("--- FAIL: ..."
  // headers do not).
  for (size_t at = 0; at < f.text.size();) {
    size_t nl = f.text.find('\n', at);
    size_t end = nl == std::string::npos ? f.text.size() : nl;
    size_t from = f.text.find_first_not_of(" \t", at);
    if (from < end && f.text.compare(from, 4, "--- ") != 0) return f.text.substr(from, end - from);
    at = end + 1;
  }
  return f.kind == FailureKind::Exception ? "exception " + f.where : "the test failed";
}

}  // namespace

std::string failure_headline(const Failure& f, const ReportContext& ctx,
                             const std::string& sanitizer_summary) {
  return one_line(headline_of(f, ctx, sanitizer_summary));
}

std::string sanitizer_exit_line(const Failure& f) {
  return "fuzzing process terminated by a sanitizer report (exit status " + std::to_string(f.detail) + ")";
}

std::string limit_flags(const Failure& f, const ReportContext& ctx) {
  const Flags defaults;  // flags.def's
  if (f.kind == FailureKind::Timeout && ctx.timeout != defaults.fuzztimeout)
    return "-fuzztimeout=" + format_duration(ctx.timeout) + " ";
  if (f.kind == FailureKind::Memory && ctx.rss_limit_mb != defaults.fuzzrsslimit)
    return "-fuzzrsslimit=" + std::to_string(ctx.rss_limit_mb) + " ";
  return "";
}

std::string written_text(const std::string& target, const std::string& name, const std::string& package,
                         const std::string& needs, const std::string& limits) {
  std::string id = target + "/" + name;
  std::string text = "Failing input written to testdata/fuzz/" + id + "\nTo re-run:\ncxxtest -run=" + id +
                     " " + limits + package + "\n";
  // The failure was seen by a sanitizer, which a plain build has not; say
  // so where it cannot be missed.
  if (!needs.empty()) {
    text += "This input was found in the " + needs +
            " build, which a plain build may pass: the file says\n"
            "'// needs: " +
            needs + "', so a plain 'cxxtest' run runs it in the " + needs + " build too.\n";
  }
  return text;
}

std::string stack_text(const std::vector<Frame>& frames) {
  if (frames.empty()) return "";
  std::vector<uintptr_t> bases = module_bases();
  std::vector<void*> pcs;
  for (const Frame& fr : frames) {
    uintptr_t base = fr.module < bases.size() ? bases[fr.module] : 0;
    pcs.push_back(reinterpret_cast<void*>(base + fr.offset));
  }
  return symbolized(pcs);
}

std::string symbolized(const std::vector<void*>& pcs, const std::vector<uintptr_t>* shown) {
  if (pcs.empty() || (shown && shown->size() != pcs.size())) return "";
  int fd = memfd_create("cxxtest-stack", MFD_CLOEXEC);
  if (fd < 0) return "";
  {
    RawWriter w(fd);
    write_stack(w, pcs.data(), int(pcs.size()), 0, shown ? shown->data() : nullptr);
  }
  std::string out;
  char buf[4096];
  for (off_t off = 0;;) {
    ssize_t n = pread(fd, buf, sizeof buf, off);
    if (n <= 0) break;
    out.append(buf, size_t(n));
    off += n;
  }
  close(fd);
  return out;
}

bool fails_in_plain_build(const Failure& f, bool sanitizer_reported) {
  switch (f.kind) {
    case FailureKind::TestFailed:
    case FailureKind::Exception:
    case FailureKind::Signal:
    case FailureKind::Terminate: return !sanitizer_reported;
    default: return false;
  }
}

}  // namespace cxxtest::runtime::engine
