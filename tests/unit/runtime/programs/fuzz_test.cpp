// fuzz_test.cpp: fuzz targets in seed-corpus mode: f.Add seeds, testdata
// files (fuzzpkg/testdata/fuzz/FuzzFiles), and misuse of the F API.
#include <cxxtest/cxxtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

void TestPlain(cxxtest::T& t) { t.Log("plain test"); }

void FuzzOK(cxxtest::F& f) {
  f.Add("abc", 3);
  f.Add(std::string("de"), -1);
  f.Fuzz([](cxxtest::T& t, std::string_view s, int n) { t.Logf("input %s %d", s, n); });
}

void FuzzMismatch(cxxtest::F& f) {
  f.Add("hello", 50);
  f.Fuzz([](cxxtest::T&, std::vector<uint8_t>, int8_t) {});
}

void FuzzCount(cxxtest::F& f) {
  f.Add("x");
  f.Fuzz([](cxxtest::T&, const std::string&, int) {});
}

void FuzzNoFuzz(cxxtest::F&) {}

void FuzzTwice(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T&, bool) {});
  f.Fuzz([](cxxtest::T&, bool) {});
}

void FuzzMisuse(cxxtest::F& f) {
  f.Add(uint8_t(1));
  f.Fuzz([&f](cxxtest::T&, uint8_t) { f.Fatal("fatal here"); });
}

void FuzzSkip(cxxtest::F& f) { f.Skip("skipping fuzz"); }

void FuzzSeedFail(cxxtest::F& f) {
  f.Add(1.5, 'a');
  f.Add(-2.0, 'b');
  f.Fuzz([](cxxtest::T& t, double d, char c) {
    if (d < 0) t.Errorf("negative %g %c", d, c);
  });
}

void FuzzFiles(cxxtest::F& f) {
  f.Fuzz([](cxxtest::T& t, std::string s) {
    if (s == "bad") t.Fatalf("bad input %s", s);
  });
}

void FuzzStringForBytes(cxxtest::F& f);  // defined at the end
void FuzzBytesHelper(cxxtest::F& f);

static const cxxtest::internal::TestEntry tests[] = {{"TestPlain", &TestPlain}};
static const cxxtest::internal::FuzzEntry targets[] = {
    {"FuzzOK", &FuzzOK},
    {"FuzzMismatch", &FuzzMismatch},
    {"FuzzCount", &FuzzCount},
    {"FuzzNoFuzz", &FuzzNoFuzz},
    {"FuzzTwice", &FuzzTwice},
    {"FuzzMisuse", &FuzzMisuse},
    {"FuzzSkip", &FuzzSkip},
    {"FuzzSeedFail", &FuzzSeedFail},
    {"FuzzFiles", &FuzzFiles},
    {"FuzzStringForBytes", &FuzzStringForBytes},
    {"FuzzBytesHelper", &FuzzBytesHelper},
};

int main(int argc, char** argv) {
  return cxxtest::internal::run_main(argc, argv, tests, 1, targets, sizeof targets / sizeof targets[0]);
}

// Last in the file, so the line numbers above stay as the tests quote them.
void FuzzStringForBytes(cxxtest::F& f) {
  f.Add(std::string("GIF"));
  f.Fuzz([](cxxtest::T&, std::span<const uint8_t>) {});
}

void FuzzBytesHelper(cxxtest::F& f) {
  f.Add(cxxtest::Bytes("GIF"));
  f.Fuzz([](cxxtest::T& t, std::span<const uint8_t> b) {
    if (b.size() != 3 || b[0] != 'G') t.Errorf("got %zu bytes", b.size());
  });
}
