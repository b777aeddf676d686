// bench_format_test.cpp: benchmark result lines in Go's texts, and Go's
// iteration prediction (runtime/bench/bench.h).
#include <doctest/doctest.h>

#include "bench/bench.h"

using namespace cxxtest::runtime;

namespace {

BenchResult result(int64_t n, int64_t ns, int64_t bytes = 0, uint64_t allocs = 0, uint64_t alloc_bytes = 0) {
  return BenchResult{cxxtest::BenchmarkResult{n, ns, bytes, allocs, alloc_bytes}, {}};
}

}  // namespace

TEST_CASE("result lines: iterations %8d, ns/op with Go's prettyPrint widths") {
  CHECK(result_text(result(1000000, 1043000000)) == " 1000000\t      1043 ns/op");
  CHECK(result_text(result(3347032, 1197600000)) == " 3347032\t       357.8 ns/op");
  CHECK(result_text(result(100, 2512)) == "     100\t        25.12 ns/op");
  CHECK(result_text(result(1000, 1500)) == "    1000\t         1.500 ns/op");
  CHECK(result_text(result(1000000000, 250000000)) == "1000000000\t         0.2500 ns/op");
}

TEST_CASE("SetBytes adds MB/s; ReportMetric values are sorted; ns/op 0 hides the time") {
  CHECK(result_text(result(1000, 1000000, 1000)) == "    1000\t      1000 ns/op\t1000.00 MB/s");
  BenchResult r = result(10, 1000);
  r.extra = {{"widgets/op", 42}, {"aa/op", 0.5}, {"ns/op", 0}};
  CHECK(result_text(r) == "      10\t         0.5000 aa/op\t        42.00 widgets/op");
}

TEST_CASE("MemString: B/op and allocs/op per iteration, ReportMetric overriding") {
  CHECK(mem_text(result(100, 1, 0, 100, 6400)) == "      64 B/op\t       1 allocs/op");
  BenchResult r = result(100, 1, 0, 100, 6400);
  r.extra["allocs/op"] = 7;
  CHECK(mem_text(r) == "      64 B/op\t       7 allocs/op");
}

TEST_CASE("names get -N for the -cpu value but 1") {
  CHECK(benchmark_name("BenchmarkX", 1) == "BenchmarkX");
  CHECK(benchmark_name("BenchmarkX/sub", 4) == "BenchmarkX/sub-4");
}

TEST_CASE("predict_iterations is Go's predictN") {
  // 1 iteration took 1 µs, goal 1 s: 1e6, x1.2, but at most 100x the last.
  CHECK(predict_iterations(1'000'000'000, 1, 1000, 1) == 100);
  // 100 took 100 µs: 1e6 x 1.2 = 1.2e6, under 100 x 100? no: capped at 1e4.
  CHECK(predict_iterations(1'000'000'000, 100, 100'000, 100) == 10'000);
  CHECK(predict_iterations(1'000'000'000, 10'000, 10'000'000, 10'000) == 1'000'000);
  CHECK(predict_iterations(1'000'000'000, 1'000'000, 900'000'000, 1'000'000) == 1'333'333);
  // At least one more than last; at most 1e9; a zero time counts as 1 ns.
  CHECK(predict_iterations(1000, 10, 1'000'000, 10) == 11);
  CHECK(predict_iterations(1'000'000'000, 500'000'000, 0, 500'000'000) == 1'000'000'000);
}

TEST_CASE("benchmark logs are cut after 10 lines, as Go's trimOutput") {
  std::string twelve;
  for (int i = 0; i < 12; ++i) twelve += "    line\n";
  std::string nine;
  for (int i = 0; i < 9; ++i) nine += "    line\n";
  CHECK(trim_output(twelve) == nine + "    line\n\t... [output truncated]\n");
  CHECK(trim_output(nine) == nine);
}
