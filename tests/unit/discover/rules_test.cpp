// The naming rule, the messages and the output line, without Clang.
#include <doctest/doctest.h>

#include "driver/discover/rules.h"

namespace cxxtest::discover {

TEST_CASE("Test and Fuzz names follow Go's rule") {
  for (const char* name : {"Test", "TestFoo", "Test_x", "Test2", "TestÉ"})
    CHECK_MESSAGE(kind_of_name(name) == Kind::Test, name);
  for (const char* name : {"Fuzz", "FuzzParse", "Fuzz_1"})
    CHECK_MESSAGE(kind_of_name(name) == Kind::Fuzz, name);
  for (const char* name : {"Benchmark", "BenchmarkParse", "Benchmark_x"})
    CHECK_MESSAGE(kind_of_name(name) == Kind::Benchmark, name);
  for (const char* name :
       {"Testing", "Tes", "test", "MyTest", "Fuzzy", "fuzz", "", "TEST", "Benchmarks", "benchmark"})
    CHECK_MESSAGE(!kind_of_name(name), name);
}

TEST_CASE("messages name the function and the expected shape") {
  CHECK(wrong_signature_message(Kind::Test, "TestFoo") ==
        "wrong signature for TestFoo, must be: void TestFoo(cxxtest::T& t)");
  CHECK(wrong_signature_message(Kind::Fuzz, "FuzzBar") ==
        "wrong signature for FuzzBar, must be: void FuzzBar(cxxtest::F& f)");
  CHECK(wrong_signature_message(Kind::Benchmark, "BenchmarkBaz") ==
        "wrong signature for BenchmarkBaz, must be: void BenchmarkBaz(cxxtest::B& b)");
  CHECK(linkage_message("TestFoo") ==
        "TestFoo must have external linkage (remove 'static' or the anonymous namespace)");
  CHECK(template_message("TestFoo") == "TestFoo must not be a template");
}

TEST_CASE("output lines are tab-separated with the file as given") {
  Finding test{Kind::Test, 3, 6, "TestA", ""};
  CHECK(format_finding("./a_test.cpp", test) == "test\t./a_test.cpp\t3\t6\tTestA");
  Finding fuzz{Kind::Fuzz, 10, 1, "FuzzB", ""};
  CHECK(format_finding("b_test.cc", fuzz) == "fuzz\tb_test.cc\t10\t1\tFuzzB");
  Finding bench{Kind::Benchmark, 12, 6, "BenchmarkD", ""};
  CHECK(format_finding("d_test.cpp", bench) == "bench\td_test.cpp\t12\t6\tBenchmarkD");
  Finding error{Kind::Test, 7, 13, "TestC", "TestC must not be a template"};
  CHECK(format_finding("c_test.cpp", error) == "error\tc_test.cpp\t7\t13\tTestC must not be a template");
}

}  // namespace cxxtest::discover
