// api_test.cpp: the call forms of the public API compile and print what Go
// would (checked by behaviour_api_test.cpp).
#include <cxxtest/cxxtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Point {
  int x, y;
};
std::ostream& operator<<(std::ostream& os, Point p) { return os << "(" << p.x << "," << p.y << ")"; }

// A helper usable with both T and F.
void check_positive(cxxtest::TB& tb, int v) {
  tb.Helper();
  if (v <= 0) tb.Errorf("%d is not positive", v);
}

}  // namespace

void TestForms(cxxtest::T& t) {
  t.Log();
  t.Log("words", 1, 2.5, true, 'c', std::string_view("sv"), Point{1, 2});
  t.Logf("%s|%s|%s|%d|%u|%.1f|%c|%p", "lit", std::string("str"), std::string_view("view"), -3, 7u, 0.25, 'z',
         nullptr);
  char buf[] = "mutable";
  const char* cp = "cptr";
  t.Logf("%s %s %lld %zu", buf, cp, (long long)INT64_MIN, sizeof(int));
  t.Logf("no args");
  std::string name = t.Name();
  t.Log(name);
  check_positive(t, 1);
  if (t.Failed() || t.Skipped()) t.Error("unexpected state");
  auto deadline = t.Deadline();
  t.Logf("deadline set: %s", deadline ? "yes" : "no");
}

void TestHelperFails(cxxtest::T& t) { check_positive(t, -1); }

void TestErrorForms(cxxtest::T& t) {
  t.Error();
  t.Error("a", 1);
  t.Fail();
  t.Log("failed:", t.Failed());
}

void TestSkipNow(cxxtest::T& t) {
  t.Log("before");
  t.SkipNow();
}

void TestFailNow(cxxtest::T& t) {
  t.Cleanup([&t] { t.Log("cleanup sees failed:", t.Failed()); });
  t.FailNow();
}

void FuzzPointer(cxxtest::F& f) {
  f.Add(std::vector<uint8_t>{1, 2}, uint16_t(7), 'x');
  check_positive(f, 3);
  f.Fuzz(+[](cxxtest::T& t, std::span<const uint8_t> b, uint16_t n, char c) {
    t.Logf("%zu %u %c", b.size(), unsigned(n), c);
  });
}

static const cxxtest::internal::TestEntry tests[] = {
    {"TestForms", &TestForms},     {"TestHelperFails", &TestHelperFails}, {"TestErrorForms", &TestErrorForms},
    {"TestSkipNow", &TestSkipNow}, {"TestFailNow", &TestFailNow},
};
static const cxxtest::internal::FuzzEntry targets[] = {{"FuzzPointer", &FuzzPointer}};

int main(int argc, char** argv) {
  return cxxtest::internal::run_main(argc, argv, tests, sizeof tests / sizeof tests[0], targets, 1);
}
