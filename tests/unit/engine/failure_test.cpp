// failure_test.cpp: classifying worker deaths and "fails the same way"
// (engine/shared/failure.h), and the report text (engine/coordinator/report.h).
#include "engine/shared/failure.h"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>

#include "engine/coordinator/report.h"

using namespace cxxtest::runtime::engine;

namespace {

Failure signal_failure(int signo, std::vector<Frame> frames) {
  Failure f;
  f.kind = FailureKind::Signal;
  f.detail = signo;
  f.frames = std::move(frames);
  return f;
}

int exit_status(int code) { return (code & 0xff) << 8; }  // as waitpid reports it

}  // namespace

TEST_CASE("same_failure: signal and innermost frames of the test binary") {
  // Frames in other modules (libc: module 3) are skipped.
  Failure a = signal_failure(SIGSEGV, {{3, 0, 0x10}, {0, 0, 0x100}, {0, 0, 0x200}, {0, 0, 0x300}});
  Failure b = signal_failure(SIGSEGV, {{3, 0, 0x99}, {0, 0, 0x100}, {0, 0, 0x200}, {0, 0, 0x999}});
  CHECK(same_failure(a, b));
  CHECK_FALSE(same_failure(a, signal_failure(SIGABRT, b.frames)));
  CHECK_FALSE(same_failure(a, signal_failure(SIGSEGV, {{0, 0, 0x100}, {0, 0, 0x201}})));
}

TEST_CASE("same_failure: exception type, test failure, exit status") {
  Failure e1{FailureKind::Exception, 0, 0, 0, "std::runtime_error", {}, "x", ""};
  Failure e2{FailureKind::Exception, 0, 0, 0, "std::runtime_error", {}, "other message", ""};
  Failure e3{FailureKind::Exception, 0, 0, 0, "std::logic_error", {}, "", ""};
  CHECK(same_failure(e1, e2));
  CHECK_FALSE(same_failure(e1, e3));
  Failure t1{FailureKind::TestFailed, 0, 0, 0, "parse_test.cpp:12", {}, "", ""};
  Failure t2{FailureKind::TestFailed, 0, 0, 0, "parse_test.cpp:14", {}, "", ""};
  CHECK(same_failure(t1, t2));  // Go: any t.Error, whatever the message
  CHECK_FALSE(same_failure(t1, e1));
  Failure x3{FailureKind::Exit, 3, 0, 0, "", {}, "", ""};
  Failure x4{FailureKind::Exit, 4, 0, 0, "", {}, "", ""};
  CHECK_FALSE(same_failure(x3, x4));
  Failure h1{FailureKind::Timeout, 0, 1, 0, "", {{0, 0, 1}}, "", ""};
  Failure h2{FailureKind::Timeout, 0, 1, 0, "", {{0, 0, 2}}, "", ""};
  CHECK(same_failure(h1, h2));  // a hang is a hang wherever it was interrupted
}

TEST_CASE("same_failure: two sanitizer deaths are the same only for the same bug") {
  auto asan = [](const std::string& summary) {
    Failure f{FailureKind::Exit, 1, 0, 0, "", {}, "", ""};
    f.sanitizer = "==7==ERROR: AddressSanitizer: ...\n\nSUMMARY: AddressSanitizer: " + summary + "\n";
    return f;
  };
  Failure overflow = asan("heap-buffer-overflow parse.c:12:7 in parse_tag");
  CHECK(same_failure(overflow, asan("heap-buffer-overflow parse.c:12:7 in parse_tag")));
  // The same exit status, another bug: minimizing must not drift to it.
  CHECK_FALSE(same_failure(overflow, asan("heap-use-after-free tree.c:88:3 in free_node")));
  CHECK_FALSE(same_failure(overflow, asan("heap-buffer-overflow parse.c:40:2 in parse_attr")));
  // A read past a buffer at one place is one bug, the buffer on the heap
  // or (a short input's copy) on the stack.
  CHECK(same_failure(overflow, asan("stack-buffer-overflow parse.c:12:7 in parse_tag")));
  CHECK(same_failure(overflow, asan("global-buffer-overflow parse.c:12:7 in parse_tag")));
  CHECK_FALSE(same_failure(overflow, asan("stack-buffer-overflow parse.c:13:7 in parse_tag")));
  CHECK(sanitizer_bug("SUMMARY: AddressSanitizer: stack-buffer-overflow m.c:5968:11 in match\n") ==
        "AddressSanitizer: buffer-overflow m.c:5968:11 in match");
  // A recursion overflows wherever its stack runs out.
  CHECK(same_failure(asan("stack-overflow expr.c:30 in parse_term"),
                     asan("stack-overflow expr.c:12 in parse_expr")));
  CHECK(sanitizer_bug("SUMMARY: AddressSanitizer: stack-overflow expr.c:30 in parse_term\n") ==
        "AddressSanitizer: stack-overflow");
  // Without a report on both sides (an unsanitized build, a report without
  // SUMMARY) the exit status decides, as before.
  Failure bare{FailureKind::Exit, 1, 0, 0, "", {}, "", ""};
  CHECK(same_failure(overflow, bare));
  CHECK(same_failure(bare, overflow));
  Failure no_summary = asan("x");
  no_summary.sanitizer = "==7==ERROR: AddressSanitizer: nested bug in the same thread, aborting.\n";
  CHECK(same_failure(no_summary, overflow));
}

TEST_CASE("A death without a record is classified by its status") {
  ShmView shm;
  REQUIRE(create_shm(0, shm));
  Failure f;
  CHECK(classify_death(shm, exit_status(3), &f));
  CHECK(f.kind == FailureKind::Exit);
  CHECK(f.detail == 3);
  CHECK(classify_death(shm, SIGSEGV, &f));  // WTERMSIG
  CHECK(f.kind == FailureKind::Signal);
  CHECK_FALSE(classify_death(shm, SIGKILL, &f));
  CHECK_FALSE(classify_death(shm, SIGTERM, &f));
  shm.header().failure.kind = FailureKind::Timeout;  // the worker's own record wins
  CHECK(classify_death(shm, exit_status(2), &f));
  CHECK(f.kind == FailureKind::Timeout);
}

TEST_CASE("Exit statuses read as Go prints them") {
  CHECK(describe_status(exit_status(3)) == "exit status 3");
  CHECK(describe_status(SIGKILL) == "signal: killed");
  CHECK(describe_status(SIGTERM) == "signal: terminated");
  CHECK(describe_status(SIGSEGV) == "signal: segmentation fault");
}

TEST_CASE("first_log_location") {
  CHECK(first_log_location("    parse_test.cpp:12: boom\n") == "parse_test.cpp:12");
  CHECK(first_log_location("    panic: uncaught exception X\n") == "");
  CHECK(first_log_location("") == "");
}

TEST_CASE("Failure texts") {
  ReportContext ctx{"FuzzX", 1'000'000'000, 2048};
  Failure t{FailureKind::TestFailed, 0, 0, 0, "x_test.cpp:3", {}, "    x_test.cpp:3: boom\n", ""};
  CHECK(failure_text(t, ctx, "") == "--- FAIL: FuzzX (0.00s)\n    x_test.cpp:3: boom\n\n");
  Failure s{FailureKind::Signal, SIGSEGV, 0, 0, "", {}, "", ""};
  CHECK(
      failure_text(s, ctx, "#0 0x1 in f a.cpp:1\n") ==
      "--- FAIL: FuzzX (0.00s)\n    signal SIGSEGV: segmentation violation\n        #0 0x1 in f a.cpp:1\n\n");
  Failure x{FailureKind::Exit, 3, 0, 0, "", {}, "", ""};
  CHECK(failure_text(x, ctx, "") == "fuzzing process hung or terminated unexpectedly: exit status 3\n");
  CHECK(failure_text(x, ctx, "#0 0x1 in exit\n", "bad header\n\n") ==
        "fuzzing process hung or terminated unexpectedly: exit status 3\noutput:\n    bad header\n"
        "    #0 0x1 in exit\n");
  Failure a{FailureKind::Signal, SIGABRT, 0, 0, "", {}, "", ""};
  CHECK(failure_text(a, ctx, "#0 0x1 in abort\n", "x.c:1: f: Assertion `n' failed.\n\x1b[0m") ==
        "--- FAIL: FuzzX (0.00s)\n    output:\n        x.c:1: f: Assertion `n' failed.\n        ?[0m\n"
        "    signal SIGABRT: abort\n        #0 0x1 in abort\n\n");
  // The runner's frames below the fuzz function are left out, unless
  // they are all there is.
  std::string runner =
      "#1 0x2 in void cxxtest::internal::invoke_with<F(cxxtest::F&)::$_0>(F) fuzz_function.h:137\n";
  CHECK(
      failure_text(s, ctx, "#0 0x1 in f a.cpp:1\n" + runner) ==
      "--- FAIL: FuzzX (0.00s)\n    signal SIGSEGV: segmentation violation\n        #0 0x1 in f a.cpp:1\n\n");
  CHECK(failure_text(x, ctx, runner) ==
        "fuzzing process hung or terminated unexpectedly: exit status 3\n    " + runner);
  CHECK(failure_text(t, ctx, "", "printed\n") ==
        "--- FAIL: FuzzX (0.00s)\n    x_test.cpp:3: boom\n    output:\n        printed\n\n");
  Failure h{FailureKind::Timeout, 0, 0, 0, "", {}, "", ""};
  CHECK(failure_text(h, ctx, "") == "fuzzing process hung: the input ran longer than -fuzztimeout=1s\n");
  Failure m{FailureKind::Memory, 1, uint64_t(1) << 40, 0, "", {}, "", ""};
  CHECK(failure_text(m, ctx, "") ==
        "fuzzing process ran out of memory: the input allocated 1099511627776 bytes at once, reaching "
        "-fuzzrsslimit=2048 MB\n");
  CHECK(written_text("FuzzX", "0123456789abcdef", "./p") ==
        "Failing input written to testdata/fuzz/FuzzX/0123456789abcdef\nTo re-run:\n"
        "cxxtest -run=FuzzX/0123456789abcdef ./p\n");
}

TEST_CASE("a failure no sanitizer reported needs no sanitizer's build to fail again") {
  Failure f;
  for (FailureKind k :
       {FailureKind::TestFailed, FailureKind::Exception, FailureKind::Signal, FailureKind::Terminate}) {
    f.kind = k;
    CHECK(fails_in_plain_build(f, false));
    CHECK_FALSE(fails_in_plain_build(f, true));
  }
  for (FailureKind k : {FailureKind::Exit, FailureKind::Timeout, FailureKind::Memory, FailureKind::Leak}) {
    f.kind = k;
    CHECK_FALSE(fails_in_plain_build(f, false));
  }
  CHECK(written_text("FuzzX", "0123456789abcdef", "-asan ./p", "") ==
        "Failing input written to testdata/fuzz/FuzzX/0123456789abcdef\nTo re-run:\n"
        "cxxtest -run=FuzzX/0123456789abcdef -asan ./p\n");
  CHECK(written_text("FuzzX", "0123456789abcdef", "-asan ./p", "-asan").find("'// needs: -asan'") !=
        std::string::npos);
}

TEST_CASE("a sanitizer's failure shows the input's log and output before the report") {
  Failure x;
  x.kind = FailureKind::Exit;
  x.detail = 1;
  x.text = "    x_test.cpp:3: parsing\n";
  x.sanitizer = "==1==ERROR: AddressSanitizer: SEGV\n";
  CHECK(sanitizer_failure_text(x, "reading 9 bytes\n") ==
        "fuzzing process terminated by a sanitizer report (exit status 1):\n"
        "    x_test.cpp:3: parsing\n"
        "output:\n"
        "    reading 9 bytes\n"
        "    ==1==ERROR: AddressSanitizer: SEGV\n");
  x.sanitizer = "R\n";
  CHECK(sanitizer_failure_text(x, "", " on seed corpus entry seed#0")
            .starts_with("fuzzing process terminated by a sanitizer report (exit status 1) on seed corpus "
                         "entry seed#0:\n"));
}

TEST_CASE("the re-run command carries the limit a hang or a memory failure broke") {
  Failure hang;
  hang.kind = FailureKind::Timeout;
  Failure memory;
  memory.kind = FailureKind::Memory;
  Failure signal;
  signal.kind = FailureKind::Signal;
  ReportContext defaults{"FuzzX", 25 * cxxtest::runtime::kSecond, 2048};
  ReportContext tight{"FuzzX", cxxtest::runtime::kSecond, 300};
  CHECK(limit_flags(hang, defaults).empty());  // a plain run applies 25s itself
  CHECK(limit_flags(hang, tight) == "-fuzztimeout=1s ");
  CHECK(limit_flags(memory, tight) == "-fuzzrsslimit=300 ");
  CHECK(limit_flags(memory, defaults).empty());
  CHECK(limit_flags(signal, tight).empty());
  CHECK(written_text("FuzzX", "0123456789abcdef", "-asan ./p", "-asan", "-fuzztimeout=1s ") ==
        "Failing input written to testdata/fuzz/FuzzX/0123456789abcdef\nTo re-run:\n"
        "cxxtest -run=FuzzX/0123456789abcdef -fuzztimeout=1s -asan ./p\n"
        "This input was found in the -asan build, which a plain build may pass: the file says\n"
        "'// needs: -asan', so a plain 'cxxtest' run runs it in the -asan build too.\n");
}

TEST_CASE("failure_signature: a leak is its allocation site, whatever its size") {
  Failure f;
  f.kind = FailureKind::Exit;
  f.detail = 1;
  auto leak = [](const std::string& bytes, const std::string& site) {
    return "==1==ERROR: LeakSanitizer: detected memory leaks\n\nDirect leak of " + bytes +
           " byte(s) in 1 object(s) allocated from:\n    #0 0x4a in calloc\n    #1 0x4b in pj_calloc "
           "pj_malloc.c:69:17\n    #2 0x4c in " +
           site + "\n\nSUMMARY: AddressSanitizer: " + bytes + " byte(s) leaked in 1 allocation(s).\n";
  };
  std::string urm5 = failure_signature(f, leak("640", "setup_urm5 PJ_urm5.c:70:5"));
  CHECK(urm5 == failure_signature(f, leak("48", "setup_urm5 PJ_urm5.c:70:5")));
  CHECK(urm5 != failure_signature(f, leak("640", "setup_goode PJ_goode.c:41:9")));
  CHECK(urm5.find("pj_malloc.c:69:17") != std::string::npos);
  // Another process: other addresses, the same leak.
  std::string moved = leak("640", "setup_urm5 PJ_urm5.c:70:5");
  moved.replace(moved.find("0x4b"), 4, "0x9b");
  CHECK(failure_signature(f, moved) == urm5);
  // A library's allocation wrappers are two frames of every leak it has
  // (PROJ's pj_malloc inlined into pj_calloc): the place is their caller and
  // its caller (the fuzzer-test-suite proj4 trial's goode, unitconvert and
  // urm5 leaks were one failure to -fuzzkeepgoing, and minimizing could
  // wander from one to another).
  auto wrapped = [](const std::string& setup, const std::string& init) {
    return "==1==ERROR: LeakSanitizer: detected memory leaks\n\nDirect leak of 40 byte(s) in 1 object(s) "
           "allocated from:\n    #0 0x4a in malloc (/c/standard.test+0x113d7e)\n"
           "    #1 0x4b in pj_malloc /p/src/pj_malloc.c:57:21\n"
           "    #2 0x4b in pj_calloc /p/src/pj_malloc.c:80:17\n    #3 0x4c in " +
           setup + "\n    #4 0x4d in " + init +
           "\n    #5 0x4e in LLVMFuzzerTestOneInput /p/standard_fuzzer.cpp:95:21\n\n"
           "Direct leak of 24 byte(s) in 1 object(s) allocated from:\n    #0 0x4a in malloc\n"
           "    #1 0x4f in other_leak /p/src/other.c:1:1\n\n"
           "SUMMARY: AddressSanitizer: 64 byte(s) leaked in 2 allocation(s).\n";
  };
  std::string goode =
      failure_signature(f, wrapped("pj_projection_specific_setup_sinu /p/src/PJ_gn_sinu.c:136:27",
                                   "pj_projection_specific_setup_goode /p/src/PJ_goode.c:79:21"));
  std::string urm5_wrapped =
      failure_signature(f, wrapped("pj_urm5 /p/src/PJ_urm5.c:39:5", "pj_init_ctx /p/src/pj_init.c:502:17"));
  CHECK(goode != urm5_wrapped);
  CHECK(goode.find("PJ_goode.c:79:21") != std::string::npos);
  CHECK(goode.find("standard_fuzzer.cpp") == std::string::npos);  // two callers are the place
  CHECK(goode.find("other.c") == std::string::npos);              // only the first leak's stack
  // The same sinu allocation reached from another projection is another leak.
  CHECK(goode !=
        failure_signature(f, wrapped("pj_projection_specific_setup_sinu /p/src/PJ_gn_sinu.c:136:27",
                                     "pj_projection_specific_setup_sinu /p/src/PJ_gn_sinu.c:160:9")));
  // std::allocator and operator new are allocating frames too.
  std::string vec = failure_signature(
      f,
      "Direct leak of 8 byte(s) in 1 object(s) allocated from:\n    #0 0x1 in operator new(unsigned long)\n"
      "    #1 0x2 in std::allocator<int>::allocate(unsigned long) /usr/include/a.h:1:1\n"
      "    #2 0x3 in parse(Doc&) /p/parse.cpp:10:3\n    #3 0x4 in load() /p/load.cpp:4:2\n\n"
      "SUMMARY: AddressSanitizer: 8 byte(s) leaked in 1 allocation(s).\n");
  CHECK(vec.find("parse.cpp:10:3") != std::string::npos);
  CHECK(vec.find("load.cpp:4:2") != std::string::npos);
  CHECK(sanitizer_summary("==1==ERROR: x\n\nSUMMARY: AddressSanitizer: SEGV b.c:4 in g\n==1==ABORTING\n") ==
        "AddressSanitizer: SEGV b.c:4 in g");
  CHECK(sanitizer_summary("no summary\n").empty());
  // Other reports keep their SUMMARY line.
  std::string overflow = "SUMMARY: AddressSanitizer: heap-buffer-overflow a.c:3 in f\n";
  CHECK(failure_signature(f, overflow) !=
        failure_signature(f, "SUMMARY: AddressSanitizer: SEGV b.c:4 in g\n"));
  CHECK(failure_signature(f, overflow).find("buffer-overflow a.c:3") != std::string::npos);
}

TEST_CASE("Failure headlines: one line naming the failure") {
  ReportContext ctx{"FuzzX", 1'000'000'000, 2048};
  Failure t{FailureKind::TestFailed, 0, 0, 0, "x_test.cpp:3", {}, "    x_test.cpp:3: boom\n    more\n", ""};
  CHECK(failure_headline(t, ctx, "") == "x_test.cpp:3: boom");
  // A sanitizer's SUMMARY says more than anything else.
  CHECK(failure_headline(t, ctx, "AddressSanitizer: heap-buffer-overflow p.cpp:7:3 in parse") ==
        "AddressSanitizer: heap-buffer-overflow p.cpp:7:3 in parse");
  Failure e{FailureKind::Exception,
            0,
            0,
            0,
            "std::out_of_range",
            {},
            "--- FAIL: FuzzX (0.00s)\n    panic: uncaught exception std::out_of_range: at\n",
            ""};
  CHECK(failure_headline(e, ctx, "") == "panic: uncaught exception std::out_of_range: at");
  Failure s{FailureKind::Signal, SIGSEGV, 0, 0, "", {}, "", ""};
  CHECK(failure_headline(s, ctx, "") == "signal SIGSEGV: segmentation violation");
  Failure x{FailureKind::Exit, 3, 0, 0, "", {}, "", ""};
  CHECK(failure_headline(x, ctx, "") == "fuzzing process hung or terminated unexpectedly: exit status 3");
  Failure k{FailureKind::Terminate, 0, 0, 0, "Oops", {}, "", ""};
  CHECK(failure_headline(k, ctx, "") == "std::terminate called after throwing Oops");
  // What a terminal would act on is shown as '?', and a long line is cut.
  Failure c{FailureKind::TestFailed, 0, 0, 0, "", {}, "    bad \x1b[0m\n", ""};
  CHECK(failure_headline(c, ctx, "") == "bad ?[0m");
  Failure l{FailureKind::TestFailed, 0, 0, 0, "", {}, std::string(500, 'a') + "\n", ""};
  CHECK(failure_headline(l, ctx, "").size() == 200);
}
