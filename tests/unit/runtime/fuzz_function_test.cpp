// fuzz_function_test.cpp: deducing fuzz parameters and converting Values
// (cxxtest/fuzz_function.h) and the corpus-entry check (fuzz_target.h).
#include <cxxtest/cxxtest.h>
#include <doctest/doctest.h>

#include <cmath>

#include "testing/fuzz_target.h"

using cxxtest::Kind;
using cxxtest::Value;
using cxxtest::internal::make_fuzz_function;

namespace {

std::string seen;
void record(cxxtest::T&, int a, const std::string& b) { seen = std::to_string(a) + b; }

}  // namespace

TEST_CASE("every supported parameter type maps to its Kind") {
  auto fn = make_fuzz_function([](cxxtest::T&, std::vector<uint8_t>, std::span<const uint8_t>, std::string,
                                  std::string_view, const char*, bool, char, signed char, short, int, long,
                                  long long, unsigned char, unsigned short, unsigned, unsigned long,
                                  unsigned long long, char32_t, float, double) {});
  CHECK(fn.kinds == std::vector<Kind>{Kind::Bytes,  Kind::Bytes,  Kind::String, Kind::String, Kind::String,
                                      Kind::Bool,   Kind::Char,   Kind::Int8,   Kind::Int16,  Kind::Int32,
                                      Kind::Int64,  Kind::Int64,  Kind::Uint8,  Kind::Uint16, Kind::Uint32,
                                      Kind::Uint64, Kind::Uint64, Kind::Char32, Kind::Float,  Kind::Double});
}

TEST_CASE("the invoker converts Values to the parameters") {
  std::string got;
  auto fn = make_fuzz_function([&got](cxxtest::T&, std::span<const uint8_t> b, std::string_view s,
                                      const char* c, int8_t i, uint64_t u, bool flag, double d, char32_t r) {
    got = std::to_string(b.size()) + "|" + std::string(s) + "|" + c + "|" + std::to_string(i) + "|" +
          std::to_string(u) + "|" + (flag ? "true" : "false") + "|" + (std::signbit(d) ? "-" : "+") + "|" +
          std::to_string(uint32_t(r));
  });
  std::vector<Value> values{Value::of(std::vector<uint8_t>{1, 2, 3}),
                            Value::of(std::string("sv")),
                            Value::of(std::string("cstr")),
                            Value::of(int8_t(-5)),
                            Value::of(uint64_t(18446744073709551615u)),
                            Value::of(true),
                            Value::of(-0.0),
                            Value::of(char32_t(0x4e2d))};
  cxxtest::T t(nullptr);
  fn.invoke(t, values);
  CHECK(got == "3|sv|cstr|-5|18446744073709551615|true|-|20013");
}

TEST_CASE("function pointers, reference parameters and mutable lambdas") {
  auto by_pointer = make_fuzz_function(&record);
  CHECK(by_pointer.kinds == std::vector<Kind>{Kind::Int32, Kind::String});
  cxxtest::T t(nullptr);
  by_pointer.invoke(t, {Value::of(7), Value::of(std::string("x"))});
  CHECK(seen == "7x");

  int calls = 0;
  auto mut = make_fuzz_function([calls, &seen_ref = seen](cxxtest::T&, std::string& s) mutable {
    s += "!";
    seen_ref = s + std::to_string(++calls);
  });
  mut.invoke(t, {Value::of(std::string("a"))});
  mut.invoke(t, {Value::of(std::string("b"))});
  CHECK(seen == "b!2");
}

TEST_CASE("check_corpus_entry uses Go's messages") {
  using cxxtest::runtime::check_corpus_entry;
  std::vector<Kind> want{Kind::Bytes, Kind::Int8};
  std::vector<Value> ok{Value::of(std::vector<uint8_t>{}), Value::of(int8_t(1))};
  std::vector<Value> wrong{Value::of(std::string("hello")), Value::of(50)};
  std::vector<Value> short_entry{Value::of(int8_t(1))};
  CHECK(check_corpus_entry(ok, want).empty());
  CHECK(check_corpus_entry(wrong, want) ==
        "mismatched types in corpus entry: [std::string int], want [bytes int8_t]");
  CHECK(check_corpus_entry(short_entry, want) == "wrong number of values in corpus entry: 1, want 2");
}
