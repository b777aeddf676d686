// bench/bench_format.cpp: benchmark output in Go's texts, the Go benchmark data
// format (golang.org/design/14313-benchmark-format) that benchstat reads:
// `key: value` configuration lines, then one line per result,
// `BenchmarkName-N <tab> iterations <tab> value unit <tab> value unit...`.
#include <cmath>
#include <cstdio>
#include <fstream>

#include "bench/bench.h"

namespace cxxtest::runtime {
namespace {

std::string printf_text(const char* fmt, double x, const std::string& unit) {
  char buf[96];
  std::snprintf(buf, sizeof buf, fmt, x, unit.c_str());
  return buf;
}

// Go's prettyPrint: ten places before the point, small numbers with four
// significant figures, decimal points aligned.
std::string pretty(double x, const std::string& unit) {
  double y = std::fabs(x);
  const char* fmt = y == 0 || y >= 999.95 ? "%10.0f %s"
                    : y >= 99.995         ? "%12.1f %s"
                    : y >= 9.9995         ? "%13.2f %s"
                    : y >= 0.99995        ? "%14.3f %s"
                    : y >= 0.099995       ? "%15.4f %s"
                    : y >= 0.0099995      ? "%16.5f %s"
                    : y >= 0.00099995     ? "%17.6f %s"
                                          : "%18.7f %s";
  return printf_text(fmt, x, unit);
}

const double* extra_of(const BenchResult& r, const char* unit) {
  auto it = r.extra.find(unit);
  return it == r.extra.end() ? nullptr : &it->second;
}

double mb_per_sec(const BenchResult& r) {
  if (const double* v = extra_of(r, "MB/s")) return *v;
  if (r.r.Bytes <= 0 || r.r.T <= 0 || r.r.N <= 0) return 0;
  return (double(r.r.Bytes) * double(r.r.N) / 1e6) / (double(r.r.T) / 1e9);
}

const char* goarch() {
#if defined(__x86_64__)
  return "amd64";
#elif defined(__aarch64__)
  return "arm64";
#elif defined(__i386__)
  return "386";
#elif defined(__arm__)
  return "arm";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64";
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return "ppc64le";
#elif defined(__s390x__)
  return "s390x";
#else
  return "unknown";
#endif
}

// The processor's name as Go's sysinfo gives it (cpuid's brand string,
// which Linux shows as /proc/cpuinfo's "model name"); "" if unknown.
std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos) break;
    size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

}  // namespace

std::string benchmark_name(const std::string& name, int procs) {
  return procs != 1 ? name + "-" + std::to_string(procs) : name;
}

std::string result_text(const BenchResult& r) {
  char n[32];
  std::snprintf(n, sizeof n, "%8lld", static_cast<long long>(r.r.N));
  std::string out = n;
  const double* ns_extra = extra_of(r, "ns/op");
  double ns = ns_extra ? *ns_extra : double(r.r.T) / double(r.r.N);
  if (ns != 0) out += "\t" + pretty(ns, "ns/op");
  if (double mbs = mb_per_sec(r); mbs != 0) out += printf_text("\t%7.2f %s", mbs, "MB/s");
  for (const auto& [unit, value] : r.extra) {  // std::map: sorted, as Go sorts them
    if (unit == "ns/op" || unit == "MB/s" || unit == "B/op" || unit == "allocs/op") continue;
    out += "\t" + pretty(value, unit);
  }
  return out;
}

std::string mem_text(const BenchResult& r) {
  const double* bytes = extra_of(r, "B/op");
  const double* allocs = extra_of(r, "allocs/op");
  long long b = bytes ? static_cast<long long>(*bytes) : r.r.AllocedBytesPerOp();
  long long a = allocs ? static_cast<long long>(*allocs) : r.r.AllocsPerOp();
  char buf[64];
  std::snprintf(buf, sizeof buf, "%8lld B/op\t%8lld allocs/op", b, a);
  return buf;
}

std::string trim_output(std::string output) {
  int lines = 0;
  for (size_t i = 0; i < output.size(); ++i) {
    if (output[i] != '\n' || ++lines < 10) continue;
    output.resize(i);
    output += "\n\t... [output truncated]\n";
    break;
  }
  return output;
}

std::string bench_labels(const std::string& import_path) {
  std::string out = "goos: linux\ngoarch: " + std::string(goarch()) + "\n";
  if (!import_path.empty()) out += "pkg: " + import_path + "\n";
  if (std::string cpu = cpu_name(); !cpu.empty()) out += "cpu: " + cpu + "\n";
  return out;
}

}  // namespace cxxtest::runtime
