// loop.cc: the ceiling row of bench/run. Calls one target in a plain loop,
// with no fuzzer and no coverage instrumentation, and prints calls/second.
//
// Usage: loop trivial|ini|words SECONDS
// The inputs are a fixed pool of 4096 strings (the seeds of the fuzz
// targets and byte-level variants of them, up to 128 bytes, from a fixed
// xorshift sequence), visited in order; so every run does the same work.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "ini/ini.h"
#include "trivial/trivial.h"
#include "words/words.h"

namespace {

uint64_t rng_state = 0x9e3779b97f4a7c15ull;
uint64_t next() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

// One variant of s: a few random byte replacements, inserts and cuts.
std::string mutate(std::string s) {
  for (int k = int(next() % 4); k >= 0; --k) {
    size_t at = s.empty() ? 0 : next() % s.size();
    switch (next() % 3) {
      case 0:
        if (!s.empty()) s[at] = char(next());
        break;
      case 1: s.insert(s.begin() + at, char(next() % 2 ? next() : "=[]\n;\"\\"[next() % 7])); break;
      case 2: s.erase(at, next() % 4); break;
    }
  }
  return s.size() > 128 ? s.substr(0, 128) : s;
}

std::vector<std::string> input_pool() {
  const char* seeds[] = {"[core]\nname = \"x\"\n", "; c\nk = 1\n",
                         "the quick brown fox jumps over the lazy dog", "a"};
  std::vector<std::string> pool(std::begin(seeds), std::end(seeds));
  while (pool.size() < 4096) pool.push_back(mutate(pool[next() % pool.size()]));
  return pool;
}

// Calls fn over the pool for about `seconds`; returns calls per second.
template <class Fn>
double rate(const std::vector<std::string>& pool, double seconds, Fn fn) {
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  uint64_t calls = 0;
  double elapsed = 0;
  long sink = 0;
  do {
    for (const auto& in : pool) sink += fn(std::string_view(in));
    calls += pool.size();
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < seconds);
  if (sink == 42) std::puts("");  // keeps the calls alive
  return double(calls) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: loop trivial|ini|words SECONDS\n");
    return 2;
  }
  auto pool = input_pool();
  double secs = std::atof(argv[2]);
  double r = 0;
  if (!std::strcmp(argv[1], "trivial")) r = rate(pool, secs, trivial::first);
  else if (!std::strcmp(argv[1], "ini"))
    r = rate(pool, secs, [](std::string_view s) { return ini::parse(s).keys; });
  else if (!std::strcmp(argv[1], "words"))
    r = rate(pool, secs, [](std::string_view s) { return int(words::top(s).size()); });
  else return 2;
  std::printf("execs_per_sec %.0f\n", r);
  return 0;
}
