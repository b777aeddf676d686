// runner_frames_test.cpp: sanitizer stacks in a test binary's output end at
// the test (driver/runner_frames.h).
#include "driver/runner_frames.h"

#include <doctest/doctest.h>

using cxxtest::driver::RunnerFrameFilter;

namespace {

std::string filter_in_chunks(const std::string& text, size_t chunk) {
  RunnerFrameFilter f;
  std::string out;
  for (size_t at = 0; at < text.size(); at += chunk) out += f.feed(std::string_view(text).substr(at, chunk));
  return out + f.finish();
}

const std::string kAsan =
    "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n"
    "WRITE of size 1 at 0x1 thread T1\n"
    "    #0 0x55 in ares_create_query /src/ares_create_query.c:196:3\n"
    "    #1 0x56 in LLVMFuzzerTestOneInput /m/q/target.cc:14:3\n"
    "    #2 0x57 in cxxtest::LibFuzzerHarness(cxxtest::F&)::'lambda'(cxxtest::T&)::operator()(cxxtest::T&) "
    "const x.h:43:9\n"
    "    #3 0x57 in void cxxtest::internal::invoke_with<int>(int&) fuzz_function.h:137:3\n"
    "    #4 0x58 in std::_Function_handler<void ()>::_M_invoke(std::_Any_data const&) std_function.h:290:9\n"
    "    #5 0x59 (/lib/x86_64-linux-gnu/libstdc++.so.6+0xd44a2)\n"
    "\n"
    "allocated by thread T1 here:\n"
    "    #0 0x60 in malloc (/m/q.test+0xc4bfe)\n"
    "    #1 0x61 in cxxtest::runtime::copy_input(int) input.cpp:10:3\n"
    "    #2 0x62 in cxxtest::runtime::run_test(int) run.cpp:10:3\n"
    "\n"
    "SUMMARY: AddressSanitizer: heap-buffer-overflow /src/ares_create_query.c:196:3 in ares_create_query\n";

}  // namespace

TEST_CASE("An ASan stack ends at the harness; a stack that starts in cxxtest is kept whole") {
  for (size_t chunk : {size_t(1), size_t(7), size_t(4096)}) {
    CAPTURE(chunk);
    std::string out = filter_in_chunks(kAsan, chunk);
    CHECK(out.find("    #1 0x56 in LLVMFuzzerTestOneInput") != std::string::npos);
    CHECK(out.find("LibFuzzerHarness") == std::string::npos);
    CHECK(out.find("invoke_with") == std::string::npos);
    CHECK(out.find("_Function_handler") == std::string::npos);
    CHECK(out.find("libstdc++") == std::string::npos);
    // Past malloc, the first frame is cxxtest's: all of it stays.
    CHECK(out.find("    #1 0x61 in cxxtest::runtime::copy_input") != std::string::npos);
    CHECK(out.find("    #2 0x62 in cxxtest::runtime::run_test") != std::string::npos);
    CHECK(out.find("allocated by thread T1 here:\n") != std::string::npos);
    CHECK(out.ends_with("in ares_create_query\n"));
  }
}

TEST_CASE("std::function frames just above the runner go too; those above user code stay") {
  std::string tsan =
      "  Write of size 4 at 0x1 by thread T4:\n"
      "    #0 race() /m/r/r_test.cpp:17:3 (r.test+0xe4ecb)\n"
      "    #1 void std::__invoke_impl<void, void (*&)()>(void (*&)()) invoke.h:61:14 (r.test+0x1)\n"
      "    #2 helper() /m/r/r_test.cpp:30:3 (r.test+0x2)\n"
      "    #3 std::_Function_handler<void (cxxtest::T&), void (*)(cxxtest::T&)>::_M_invoke() f.h:290 "
      "(r.test+0x3)\n"
      "    #4 cxxtest::runtime::run_test(int) run.cpp:10:3 (r.test+0x4)\n"
      "\n";
  std::string out = filter_in_chunks(tsan, 5);
  CHECK(out.find("#0 race()") != std::string::npos);
  CHECK(out.find("#1 void std::__invoke_impl") != std::string::npos);
  CHECK(out.find("#2 helper()") != std::string::npos);
  CHECK(out.find("#3 ") == std::string::npos);
  CHECK(out.find("#4 ") == std::string::npos);
}

TEST_CASE("A namespace that only ends in cxxtest is the user's") {
  std::string stack =
      "    #0 0x1 in f() a.cpp:1\n    #1 0x2 in mycxxtest::run(int) b.cpp:2\n"
      "    #2 0x3 in TestX(cxxtest::T&)::$_0::operator()(cxxtest::T&) const c.cpp:3\n\n";
  CHECK(filter_in_chunks(stack, 9) == stack);
}

TEST_CASE("Other output passes as it is, an unfinished last line included") {
  std::string text = "--- FAIL: TestX (0.00s)\n    x_test.cpp:3: #1 is not a frame\n#define X 1\nno newline";
  CHECK(filter_in_chunks(text, 3) == text);
  RunnerFrameFilter f;
  CHECK(f.feed("    #0 0x1 in f() a.cpp:1\n    #1 0x2 in std::function<void ()>::operator()() const\n") ==
        "    #0 0x1 in f() a.cpp:1\n");
  CHECK(f.finish() == "    #1 0x2 in std::function<void ()>::operator()() const\n");
}

TEST_CASE("Stanzas that only say where the runner started the test's thread are left out") {
  std::string asan =
      "    #1 0x56 in LLVMFuzzerTestOneInput /m/q/target.cc:14:3\n"
      "\n"
      "Thread T4 created by T2 here:\n"
      "    #0 0x70 in __interceptor_pthread_create (/m/q.test+0x9ffdc)\n"
      "    #1 0x71 in std::thread::_M_start_thread(std::unique_ptr<std::thread::_State>, void (*)()) "
      "(/lib/x86_64-linux-gnu/libstdc++.so.6+0xd4578)\n"
      "    #2 0x72 in cxxtest::runtime::TestThreads::start(int) threads.cpp:40:3\n"
      "    #3 0x73 in cxxtest::runtime::run_tests(int) run.cpp:10:3\n"
      "\n"
      "Thread T2 created by T0 here:\n"
      "    #0 0x70 in __interceptor_pthread_create (/m/q.test+0x9ffdc)\n"
      "    #1 0x74  (/lib/x86_64-linux-gnu/libstdc++.so.6+0xd4578)\n"
      "    #2 0x75 in cxxtest::runtime::run_main(int) main.cpp:10:3\n"
      "\n"
      "SUMMARY: AddressSanitizer: heap-buffer-overflow /src/a.c:196:3 in f\n";
  for (size_t chunk : {size_t(1), size_t(11), size_t(4096)}) {
    CAPTURE(chunk);
    CHECK(filter_in_chunks(asan, chunk) ==
          "    #1 0x56 in LLVMFuzzerTestOneInput /m/q/target.cc:14:3\n"
          "\n"
          "SUMMARY: AddressSanitizer: heap-buffer-overflow /src/a.c:196:3 in f\n");
  }
}

TEST_CASE("A thread the test started keeps its stanza, as does one nothing names") {
  std::string tsan =
      "  Thread T5 (tid=9, running) created by thread T4 at:\n"
      "    #0 pthread_create <null> (r.test+0x6c0fd)\n"
      "    #1 std::thread::_M_start_thread(std::unique_ptr<std::thread::_State>, void (*)()) <null> "
      "(libstdc++.so.6+0xd4578)\n"
      "    #2 TestRace(cxxtest::T&) /m/r/r_test.cpp:12:15 (r.test+0xe4f00)\n"
      "    #3 cxxtest::runtime::run_test(int) run.cpp:10:3 (r.test+0x4)\n"
      "\n"
      "  Thread T4 (tid=8, running) created by main thread at:\n"
      "    #0 pthread_create <null> (r.test+0x6c0fd)\n"
      "    #1 cxxtest::runtime::run_main(int) main.cpp:10:3 (r.test+0x5)\n"
      "\n";
  std::string out = filter_in_chunks(tsan, 7);
  CHECK(out.find("Thread T5 (tid=9, running) created by thread T4 at:\n") != std::string::npos);
  CHECK(out.find("    #2 TestRace(cxxtest::T&)") != std::string::npos);
  CHECK(out.find("Thread T4") == std::string::npos);
  CHECK(out.find("run_main") == std::string::npos);

  // Unsymbolized: nothing says pthread_create, so it stays.
  std::string bare =
      "Thread T1 created by T0 here:\n    #0 0x70  (/m/q.test+0x9ffdc)\n    #1 0x74  "
      "(/lib/libstdc++.so.6+0xd4578)\n\n";
  CHECK(filter_in_chunks(bare, 5) == bare);
}

TEST_CASE("An allocation stack of the fuzz input's copy is one line") {
  const std::string report =
      "0x616 is located 0 bytes to the right of 584-byte region [0x615,0x616)\n"
      "allocated by thread T4 here:\n"
      "    #0 0x60 in operator new[](unsigned long) (/m/a.test+0xf4b3d)\n"
      "    #1 0x61 in cxxtest::internal::ExactArg<std::span<unsigned char const, 18446744073709551615ul> "
      ">::copy("
      "cxxtest::Value const&) fuzz_function.h:80:5\n"
      "    #2 0x62 in void cxxtest::internal::invoke_with<int>(int&) fuzz_function.h:137:3\n"
      "    #3 0x63 in std::_Function_handler<void ()>::_M_invoke(std::_Any_data const&) "
      "std_function.h:290:9\n"
      "\n"
      "SUMMARY: AddressSanitizer: heap-buffer-overflow /src/warc.c:537:9 in xstrpisotime\n";
  for (size_t chunk : {size_t(1), size_t(4096)}) {
    CAPTURE(chunk);
    std::string out = filter_in_chunks(report, chunk);
    CHECK(out.find("    #0 0x60 in operator new[]") != std::string::npos);
    CHECK(
        out.find(
            "    (the fuzz input: cxxtest copies a view argument's bytes into a heap block of exactly their "
            "size, so a read past its end is caught)\n") != std::string::npos);
    CHECK(out.find("ExactArg") == std::string::npos);
    CHECK(out.find("invoke_with") == std::string::npos);
    CHECK(out.ends_with("in xstrpisotime\n"));
  }
}

TEST_CASE("A SUMMARY at ASan's own interceptor names the program's first frame, as the -fuzz report does") {
  const std::string report =
      "==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6 at pc 0x5 bp 0x4 sp 0x3\n"
      "READ of size 3 at 0x6 thread T1\n"
      "    #0 0x50 in __interceptor_strlen (/c/parser.test+0x68ef5) (BuildId: 12ab)\n"
      "    #1 0x51 in yaml_parser_parse_node /src/parser.c:607:45\n"
      "    #2 0x52 in LLVMFuzzerTestOneInput /fuzz/harness.c:16:10\n"
      "\n"
      "0x6 is located 0 bytes to the right of 3-byte region [0x3,0x6)\n"
      "allocated by thread T1 here:\n"
      "    #0 0x60 in malloc (/c/parser.test+0xf4b3d) (BuildId: 12ab)\n"
      "    #1 0x61 in yaml_malloc /src/api.c:33:12\n"
      "\n"
      "SUMMARY: AddressSanitizer: heap-buffer-overflow (/c/parser.test+0x68ef5) (BuildId: 12ab) in "
      "__interceptor_strlen\n"
      "Shadow bytes around the buggy address:\n";
  for (size_t chunk : {size_t(1), size_t(7), size_t(4096)}) {
    CAPTURE(chunk);
    std::string out = filter_in_chunks(report, chunk);
    CHECK(out.find("\nSUMMARY: AddressSanitizer: heap-buffer-overflow /src/parser.c:607:45 in "
                   "yaml_parser_parse_node\n") != std::string::npos);
    CHECK(out.find("    #0 0x50 in __interceptor_strlen") != std::string::npos);  // the stack is unchanged
  }
  // One already at a place of the program's, a leak's count, and a SUMMARY
  // with no stack before it stay as they were.
  const std::string kept =
      "==8==ERROR: AddressSanitizer: SEGV on unknown address\n"
      "    #0 0x50 in parse /src/p.c:3:1\n"
      "\n"
      "SUMMARY: AddressSanitizer: SEGV /src/q.c:9:2 in other\n"
      "==9==ERROR: LeakSanitizer: detected memory leaks\n"
      "    #0 0x60 in malloc (/c/p.test+0xf4b3d)\n"
      "    #1 0x61 in make /src/p.c:5:1\n"
      "\n"
      "SUMMARY: AddressSanitizer: 24 byte(s) leaked in 1 allocation(s).\n";
  CHECK(filter_in_chunks(kept, 4096) == kept);
  const std::string lone =
      "SUMMARY: AddressSanitizer: heap-buffer-overflow (/c/p.test+0x1) in __asan_memcpy\n";
  CHECK(filter_in_chunks(lone, 4096) == lone);
}
