// minimize_bytes_test.cpp: Go's byte stages of the minimizer (fuzz/minimize.h).
#include "fuzz/minimize.h"
#include "fuzz/rng.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using cxxtest::Value;
using namespace cxxtest::fuzz;
using namespace std::string_literals;

namespace {

std::vector<Value> bytes_input(std::string s) {
  return {Value::of(std::vector<uint8_t>(s.begin(), s.end()))};
}

bool has_nonzero(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c != 0; });
}

}  // namespace

TEST_CASE("Go's test_fuzz_minimize: a non-zero byte in >= 50 bytes minimizes to 50 bytes") {
  std::string seed(100, '\0');
  seed[10] = 1;
  std::vector<Value> args = bytes_input(seed);
  int calls = 0;
  auto fails = [&](const std::vector<Value>& a) {
    ++calls;
    return a[0].bytes.size() >= 50 && has_nonzero(a[0].bytes);
  };
  Budget budget = Budget::unlimited();
  CHECK(minimize(args, fails, budget));
  CHECK(args[0].bytes.size() == 50);
  CHECK(args[0].bytes == std::string(50, '0'));  // every byte became the first printable
  CHECK(budget.used() == calls);
}

TEST_CASE("A value that always fails is cut to one byte, never to zero") {
  std::vector<Value> args = {Value::of(std::string(3000, 'q'))};
  Budget budget = Budget::unlimited();
  CHECK(minimize(
      args,
      [](const std::vector<Value>& a) {
        REQUIRE_FALSE(a[0].bytes.empty());
        return true;
      },
      budget));
  CHECK(args[0].bytes == "0");
  // Even a predicate that would accept an empty value never sees one.
  std::vector<Value> ab = {Value::of("ab"s)};
  CHECK_FALSE(minimize(
      ab,
      [](const std::vector<Value>& a) {
        REQUIRE_FALSE(a[0].bytes.empty());
        return a[0].bytes == "ab";
      },
      budget));
  std::vector<Value> empty = {Value::of(std::string())};
  CHECK_FALSE(minimize(
      empty, [](const std::vector<Value>&) { return true; }, budget));
}

TEST_CASE("Cutting, single-byte and range deletion find a needle") {
  // Fails while "BUG" is a substring; everything else goes.
  std::vector<Value> args = {Value::of("xxxxBxxUxxGxxxxBUGxxxxxxxxxxxxxxxx"s)};
  Budget budget = Budget::unlimited();
  CHECK(minimize(
      args, [](const std::vector<Value>& a) { return a[0].bytes.find("BUG") != std::string::npos; }, budget));
  CHECK(args[0].bytes == "BUG");
}

TEST_CASE("Range deletion removes an inner run that single deletions cannot") {
  // Fails when the value starts with 'a', ends with 'z', and its length is odd
  // or exactly 2: only removing two bytes at a time keeps it failing.
  std::vector<Value> args = {Value::of("a12345z"s)};
  Budget budget = Budget::unlimited();
  minimize(
      args,
      [](const std::vector<Value>& a) {
        const std::string& s = a[0].bytes;
        return s.size() >= 2 && s.front() == 'a' && s.back() == 'z' && (s.size() % 2 == 1 || s.size() == 2);
      },
      budget);
  CHECK(args[0].bytes == "az");
}

TEST_CASE("Each byte becomes the first printable character that still fails") {
  std::vector<Value> args = {Value::of("\xff\x01"s)};
  Budget budget = Budget::unlimited();
  CHECK(minimize(
      args,
      [](const std::vector<Value>& a) {
        const std::string& s = a[0].bytes;
        return s.size() == 2 && static_cast<unsigned char>(s[0]) > '9';
      },
      budget));
  CHECK(args[0].bytes == "A0");
  // The search stops at the byte itself: 'X' tries 0 1 2 7 8 9 A B C only.
  std::vector<Value> done = {Value::of("X"s)};
  int calls = 0;
  CHECK_FALSE(minimize(
      done,
      [&](const std::vector<Value>& a) {
        ++calls;
        return a[0].bytes == "X" || a[0].bytes == "Z";
      },
      budget));
  CHECK(done[0].bytes == "X");
  CHECK(calls == 9);
}

TEST_CASE("Arguments are minimized left to right, one at a time") {
  std::vector<Value> args = {Value::of("abcdef"s), Value::of(std::vector<uint8_t>{9, 9, 9}), Value::of(77)};
  Budget budget = Budget::unlimited();
  std::vector<std::vector<Value>> seen;
  minimize(
      args,
      [&](const std::vector<Value>& a) {
        seen.push_back(a);
        return true;
      },
      budget);
  CHECK(args[0].bytes == "0");
  CHECK(args[1].bytes == "0");
  CHECK(args[2] == Value::of(0));
  for (size_t i = 1; i < seen.size(); ++i) {
    int differing = 0;
    for (size_t k = 0; k < args.size(); ++k) differing += seen[i][k] != seen[i - 1][k];
    CHECK(differing <= 1);
  }
}

TEST_CASE("A predicate that never holds changes nothing") {
  std::vector<Value> args = {Value::of("keep me"s)};
  Budget budget = Budget::unlimited();
  CHECK_FALSE(minimize(
      args, [](const std::vector<Value>&) { return false; }, budget));
  CHECK(args[0].bytes == "keep me");
}

TEST_CASE("The result always qualifies and is never longer (random predicates)") {
  cxxtest::fuzz::Pcg32 r(17, 4);
  for (int round = 0; round < 40; ++round) {
    std::string s(1 + r.below(80), '\0');
    for (char& c : s) c = static_cast<char>(r.below(256));
    const uint32_t mod = 2 + r.below(6);
    auto sum = [](const std::string& v) {
      uint32_t t = 0;
      for (char c : v) t += static_cast<unsigned char>(c);
      return t;
    };
    const uint32_t want = sum(s) % mod;
    auto pred = [&](const std::vector<Value>& a) { return sum(a[0].bytes) % mod == want; };
    std::vector<Value> args = {Value::of(s)};
    Budget budget = Budget::unlimited();
    minimize(args, pred, budget);
    CHECK(pred(args));
    CHECK(args[0].bytes.size() <= s.size());
    CHECK_FALSE(args[0].bytes.empty());
  }
}
