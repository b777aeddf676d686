// minimize_scalar_test.cpp: minimizing the non-byte kinds (fuzz/minimize.h).
#include "fuzz/minimize.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using cxxtest::Value;
using namespace cxxtest::fuzz;

namespace {

// minimize() of the single argument v under pred(scalar).
template <class T, class Pred>
T minimized(T v, Pred pred) {
  std::vector<Value> args = {Value::of(v)};
  Budget budget = Budget::unlimited();
  minimize(
      args, [&](const std::vector<Value>& a) { return pred(a[0].scalar<T>()); }, budget);
  return args[0].scalar<T>();
}

}  // namespace

TEST_CASE("Integers reach the smallest failing value") {
  CHECK(minimized(123456, [](int x) { return x >= 1000; }) == 1000);
  CHECK(minimized(int64_t{-123456}, [](int64_t x) { return x <= -1000; }) == -1000);
  CHECK(minimized(int64_t{-123456}, [](int64_t x) { return x >= 1000 || x <= -1000; }) == 1000);
  CHECK(minimized(uint8_t{200}, [](uint8_t x) { return x >= 7; }) == 7);
  CHECK(minimized(int8_t{-128}, [](int8_t x) { return x < -100; }) == -101);
  CHECK(minimized(uint64_t{UINT64_MAX}, [](uint64_t x) { return x > (uint64_t{1} << 40); }) ==
        (uint64_t{1} << 40) + 1);
  CHECK(minimized(int16_t{-5}, [](int16_t) { return true; }) == 0);
}

TEST_CASE("Integers lose set bits the bisection cannot reach") {
  CHECK(minimized(0x1FF, [](int x) { return (x & 0x100) != 0; }) == 0x100);
  CHECK(minimized(0x7F7, [](int x) { return (x & 0x401) == 0x401; }) == 0x401);
}

TEST_CASE("Floats go to 0, an integer, or fewer digits") {
  CHECK(minimized(123.456, [](double x) { return x > 100; }) == 101.0);
  CHECK(minimized(3.14159, [](double x) { return x > 3.1; }) == 3.14);
  CHECK(minimized(2.718f, [](float x) { return x > 2.7f && x < 2.75f; }) == 2.72f);
  CHECK(minimized(2.718f, [](float x) { return x > 2.7f; }) == 3.0f);
  CHECK(minimized(-7.4321, [](double x) { return x < -7.25 && x > -7.6; }) == -7.4);
  CHECK(minimized(1.2345e300, [](double x) { return x > 1e299; }) == 1e300);
  CHECK(minimized(42.0, [](double) { return true; }) == 0.0);
  double z = minimized(-0.0, [](double) { return true; });
  CHECK_FALSE(std::signbit(z));
  CHECK(std::isinf(minimized(INFINITY, [](double x) { return std::isinf(x); })));
  CHECK(std::isnan(minimized(NAN, [](double x) { return std::isnan(x); })));
}

TEST_CASE("Bools go to false, chars to printable, char32_t to 'a' or down") {
  CHECK(minimized(true, [](bool) { return true; }) == false);
  CHECK(minimized(true, [](bool b) { return b; }) == true);
  CHECK(minimized('\x7f', [](char) { return true; }) == '0');
  CHECK(minimized('\x01', [](char c) { return c > 'B'; }) == 'C');
  CHECK(minimized(char32_t{0x4e2d}, [](char32_t) { return true; }) == U'a');
  CHECK(minimized(char32_t{0x4e2d}, [](char32_t c) { return c >= 0x4e00; }) == 0x4e00);
  CHECK(minimized(char32_t{'Q'}, [](char32_t) { return true; }) == U'Q');
}
