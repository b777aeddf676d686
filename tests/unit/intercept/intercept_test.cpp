#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "intercept/compare_hooks.h"

namespace {

// What the hook saw, one entry per call.
std::vector<std::pair<std::string, std::string>> seen;

void record(uintptr_t, const uint8_t* a, size_t na, const uint8_t* b, size_t nb) {
  seen.emplace_back(std::string(reinterpret_cast<const char*>(a), na),
                    std::string(reinterpret_cast<const char*>(b), nb));
}

// Calls through volatile pointers so nothing is folded at compile time.
int (*volatile p_memcmp)(const void*, const void*, size_t) = memcmp;
int (*volatile p_strcmp)(const char*, const char*) = strcmp;
int (*volatile p_strncmp)(const char*, const char*, size_t) = strncmp;
int (*volatile p_strcasecmp)(const char*, const char*) = strcasecmp;
const char* (*volatile p_strstr)(const char*, const char*) = strstr;
void* (*volatile p_memmem)(const void*, size_t, const void*, size_t) = memmem;

int sign(int x) { return (x > 0) - (x < 0); }

struct Hooked {
  Hooked() {
    seen.clear();
    cxxtest::intercept::bytes_hook = record;
  }
  ~Hooked() { cxxtest::intercept::bytes_hook = nullptr; }
};

}  // namespace

TEST_CASE("results follow the C standard") {
  CHECK(p_memcmp("abc", "abd", 3) < 0);
  CHECK(p_memcmp("abc", "abc", 3) == 0);
  CHECK(p_memcmp("\xff", "\x01", 1) > 0);  // bytes compare as unsigned char
  CHECK(p_memcmp("a", "b", 0) == 0);
  CHECK(sign(p_strcmp("abc", "abd")) == -1);
  CHECK(sign(p_strcmp("abc", "ab")) == 1);
  CHECK(p_strcmp("", "") == 0);
  CHECK(p_strncmp("abcX", "abcY", 3) == 0);
  CHECK(sign(p_strncmp("abcX", "abcY", 4)) == -1);
  CHECK(p_strcasecmp("HeLLo", "hello") == 0);
  CHECK(sign(p_strcasecmp("a", "B")) == -1);
  const char* hay = "find the needle here";
  CHECK(p_strstr(hay, "needle") == hay + 9);
  CHECK(p_strstr(hay, "absent") == nullptr);
  CHECK(p_strstr(hay, "") == hay);
  CHECK(p_memmem(hay, 20, "here", 4) == hay + 16);
  CHECK(p_memmem(hay, 3, "here", 4) == nullptr);
}

TEST_CASE("whole operands reach the hook, capped and bounded") {
  Hooked h;
  p_memcmp("MAGICxyz", "input123", 8);
  p_strcmp("secret", "sec!");            // each string whole, though they differ early
  p_strncmp("prefix-a", "prefix-b", 6);  // each up to the bound
  p_strstr("short", "a longer needle");  // each up to its own terminator
  std::string big(200, 'x');
  p_memcmp(big.data(), big.data(), big.size());
  REQUIRE(seen.size() == 5);
  CHECK(seen[0] == std::make_pair(std::string("MAGICxyz"), std::string("input123")));
  CHECK(seen[1] == std::make_pair(std::string("secret"), std::string("sec!")));
  CHECK(seen[2] == std::make_pair(std::string("prefix"), std::string("prefix")));
  CHECK(seen[3] == std::make_pair(std::string("short"), std::string("a longer needle")));
  CHECK(seen[4].first.size() == cxxtest::intercept::kMaxReported);
  CHECK(seen[4].second.size() == cxxtest::intercept::kMaxReported);
}

TEST_CASE("no hook, no reports") {
  seen.clear();
  CHECK(p_memcmp("a", "b", 1) < 0);
  CHECK(seen.empty());
}
