// behaviour_flags_test.cpp: command-line errors of a test binary.
#include <doctest/doctest.h>

#include "harness.h"

using namespace cxxtest_test;

namespace {

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

TEST_CASE("an unknown flag is a usage error with exit code 2") {
  Run r = run("basic", {"-test.foo"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(first_line(r.err) == "flag provided but not defined: -test.foo");
  CHECK(contains(r.err, "Usage of "));
  CHECK(contains(r.err, "  -test.count n\n    \trun tests and benchmarks n times (default 1)\n"));
  CHECK(contains(r.err,
                 "  -test.benchtime d\n    \trun each benchmark for duration d or N times if `d` is of the "
                 "form Nx (default 1s)\n"));
}

TEST_CASE("bad flag values name the flag and the reason") {
  CHECK(first_line(run("basic", {"-test.count=abc"}).err) ==
        "invalid value \"abc\" for flag -test.count: parse error");
  CHECK(first_line(run("basic", {"-test.timeout", "5parsecs"}).err) ==
        "invalid value \"5parsecs\" for flag -test.timeout: parse error");
  CHECK(first_line(run("basic", {"-test.fuzztime=0x"}).err) ==
        "invalid value \"0x\" for flag -test.fuzztime: invalid count");
  CHECK(first_line(run("basic", {"-test.benchtime=0x"}).err) ==
        "invalid value \"0x\" for flag -test.benchtime: invalid count");
  CHECK(first_line(run("basic", {"-test.cpu=1,0"}).err) ==
        "invalid value \"1,0\" for flag -test.cpu: invalid cpu count \"0\"");
  CHECK(first_line(run("basic", {"-test.fuzzminimizetime=-1s"}).err) ==
        "invalid value \"-1s\" for flag -test.fuzzminimizetime: invalid duration");
  CHECK(first_line(run("basic", {"-test.v=maybe"}).err) ==
        "invalid boolean value \"maybe\" for -test.v: parse error");
  CHECK(first_line(run("basic", {"-test.run"}).err) == "flag needs an argument: -test.run");
  CHECK(run("basic", {"-test.parallel=0"}).code == 2);
}

TEST_CASE("both -test.x=v and -test.x v work") {
  Run a = run("basic", {"-test.run", "TestPass", "-test.v"});
  Run b = run("basic", {"--test.run=TestPass", "-test.v=true"});
  CHECK(a.code == 0);
  CHECK(a.out == b.out);
  CHECK(contains(a.out, "--- PASS: TestPass"));
}

TEST_CASE("a bad -test.run regexp is a usage error") {
  Run r = run("basic", {"-test.run=Test(/x"});
  CHECK(r.code == 2);
  CHECK(r.err.rfind("testing: invalid regexp for element 0 of -test.run (\"Test(/x\"): ", 0) == 0);
}

TEST_CASE("-test.fuzz on a binary built without coverage fuzzes without guidance, with Go's warning") {
  Run r = run("fuzz",
              {"-test.run=^FuzzOK$", "-test.fuzz=FuzzOK", "-test.fuzztime=10x",
               "-test.fuzzcachedir=" + std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                   "/cxxtest-behaviour-fuzzcache"});
  CHECK(r.code == 0);
  CHECK(r.err.rfind("warning: the test binary was not built with coverage instrumentation", 0) == 0);
  CHECK(r.err.find("execs: 10 (") != std::string::npos);
}

TEST_CASE("-test.fuzzimport refuses before writing anything: no single target, a missing path") {
  std::string dir = std::string(CXXTEST_FUZZPKG_DIR) + "/testdata";  // exists; nothing may be written
  Run none = run("fuzz", {"-test.fuzzimport=" + dir});
  CHECK(none.code == 2);
  CHECK(none.err == "testing: -fuzzimport: needs -fuzz to name the fuzz test to import into\n");
  Run nomatch = run("fuzz", {"-test.fuzz=Nope", "-test.fuzzimport=" + dir});
  CHECK(nomatch.code == 2);
  CHECK(nomatch.err == "testing: -fuzzimport: -fuzz matches no fuzz test\n");
  Run missing = run("fuzz", {"-test.fuzz=^FuzzFiles$", "-test.fuzzimport=/nonexistent/corpus"});
  CHECK(missing.code == 2);
  CHECK(missing.err == "testing: -fuzzimport: /nonexistent/corpus: No such file or directory\n");
}
