// bench_mutator.cpp: mutations per second of the engine's mutator. Run by
// hand (not a ctest test): build/tests/bench_mutator [seconds per case].
//
// For each input shape it times
//   mutate: Mutator::mutate alone, the value drifting freely (max 4096 bytes);
//   chain:  MutationChain::next, i.e. a mutation plus the reset to the
//           original every 5 executions, as a worker runs it.
#include "fuzz/chain.h"
#include "fuzz/mutator.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using cxxtest::Value;
using namespace cxxtest::fuzz;
using Clock = std::chrono::steady_clock;

namespace {

uint64_t g_sink = 0;  // keeps the work observable

// Runs step() in batches until `seconds` have passed; returns calls/second.
template <class Step>
double rate(double seconds, Step&& step) {
  constexpr int kBatch = 1 << 16;
  uint64_t calls = 0;
  auto start = Clock::now();
  std::chrono::duration<double> elapsed{};
  do {
    for (int i = 0; i < kBatch; ++i) step();
    calls += kBatch;
    elapsed = Clock::now() - start;
  } while (elapsed.count() < seconds);
  return static_cast<double>(calls) / elapsed.count();
}

uint64_t digest(const std::vector<Value>& args) {
  const std::string& s = args[0].bytes;
  return s.size() + (s.empty() ? 0 : static_cast<unsigned char>(s[0])) + args.back().bits;
}

void bench(const char* name, const std::vector<Value>& original, double seconds) {
  Mutator m(Pcg32(1, 1), 4096);
  std::vector<Value> args = original;
  double raw = rate(seconds, [&] {
    m.mutate(args);
    g_sink += digest(args);
  });
  MutationChain chain(m, original);
  std::vector<Value> input;
  double chained = rate(seconds, [&] {
    chain.next(input);
    g_sink += digest(input);
  });
  std::printf("%-22s mutate: %7.1f M/s   chain: %7.1f M/s\n", name, raw / 1e6, chained / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
  std::string s64(64, 'a');
  for (size_t i = 0; i < s64.size(); ++i) s64[i] = static_cast<char>('a' + i % 26);
  bench("std::string (64 B)", {Value::of(s64)}, seconds);
  bench("(std::string, int)", {Value::of(s64), Value::of(12345)}, seconds);
  std::printf("(checksum %llu)\n", static_cast<unsigned long long>(g_sink));
  return 0;
}
