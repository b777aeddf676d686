// cxxtest/cxxtest.h: what a test file includes.
//
// cxxtest::T, cxxtest::F and cxxtest::B (benchmark.h) mirror Go's testing.T,
// testing.F and testing.B. The driver finds `void TestXxx(cxxtest::T&)`,
// `void FuzzXxx(cxxtest::F&)` and `void BenchmarkXxx(cxxtest::B&)` and writes
// the test binary's main (see ARCHITECTURE.md); no macros, no registration.
//
//   void TestAdd(cxxtest::T& t) {
//     if (add(1, 2) != 3) t.Errorf("add(1, 2) = %d, want 3", add(1, 2));
//   }
//
// Messages: every Log/Error/Fatal/Skip line is prefixed `file.cpp:LINE: ` of
// the call (of the helper's caller inside a test helper: TB::Helper). The
// f-variants take a printf format and printf arguments (std::string and
// std::string_view are accepted for %s); with clang a constant format is
// checked against the arguments at compile time, a mismatch being a warning
// (printf_check.h). The plain variants take any streamable values and join
// them with spaces, like Go's Println.
//
// Stopping a test: Fatal, Fatalf, FailNow, Skip, Skipf and SkipNow throw a
// private exception type that the runner catches. They must be called from
// the test's own thread, and test code must not swallow it: a `catch (...)`
// that does not rethrow makes the test continue past a FailNow (the runner
// then reports that). Any other exception that leaves a test fails it with
// `panic: uncaught exception <type>: <what()>` and the stack it was thrown
// from; the remaining tests still run.
//
// Needs C++17 or newer; with C++17, fuzz functions cannot take
// std::span<const uint8_t> (see value.h), everything else is the same.
#pragma once

#if __cplusplus < 201703L
// Nothing else is declared, so this is the first error and the one to read.
#error "cxxtest.h needs C++17 or newer (std = \"c++17\" in cxxtest.toml)"
#else

#include <cxxtest/entry.h>
#include <cxxtest/fuzz_function.h>
#include <cxxtest/printf_check.h>
#include <cxxtest/value.h>

#if __has_include(<bits/chrono.h>)
#include <bits/chrono.h>  // duration and time_point only: far cheaper than <chrono>
#else
#include <chrono>
#endif
#include <cstddef>
#if __has_include(<bits/std_function.h>)
#include <bits/std_function.h>  // std::function only: cheaper than <functional>
#else
#include <functional>
#endif
#include <initializer_list>
#include <optional>
#include <sstream>
#if __cplusplus >= 202002L && __has_include(<stop_token>)
#include <stop_token>
#endif
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace cxxtest {

class T;
class F;
class M;
namespace internal {
struct MainAccess;
}
namespace runtime {
struct TestState;
struct ContextState;
}  // namespace runtime

// Reports whether -test.short was given (Go's testing.Short).
bool Short();
// Reports whether -test.v was given (Go's testing.Verbose).
bool Verbose();
// The test binary's arguments after its -test.* flags: what follows
// `cxxtest ... -args` (Go's flag.Args() in a test). The binary's flags end
// at the first argument that is not a -test.* flag, or after `--`, so a test
// reads its own flags from here: `cxxtest -run=TestX -args -n=5 input.txt`
// gives {"-n=5", "input.txt"}. Empty when none were given.
const std::vector<std::string>& Args();

// What TB::Context returns (Go's t.Context()): live while the test runs,
// cancelled just before its Cleanup functions run (so after its body and
// its subtests end). Copies refer to the same context; each stays valid
// until the test binary's run ends, so a thread started by the test may
// keep one and poll it to know when to stop.
class Context {
 public:
  // Whether the context is cancelled.
  bool Done() const;
  // "" while live, "context canceled" after (Go's ctx.Err()).
  std::string Err() const;
  // Blocks until the context is cancelled or `timeout` has passed; returns Done().
  template <class Rep, class Period>
  bool WaitFor(std::chrono::duration<Rep, Period> timeout) const {
    return wait_nanos(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout).count());
  }
#if __cplusplus >= 202002L && __has_include(<stop_token>)
  // A token stopped when the context is cancelled, for std::jthread and
  // std::condition_variable_any (C++20).
  std::stop_token StopToken() const;
#endif

 private:
  friend class TB;
  explicit Context(runtime::ContextState* state) : state_(state) {}
  bool wait_nanos(long long nanos) const;
  runtime::ContextState* state_;
};

namespace internal {

// The call site of a message, captured by default arguments.
struct Location {
  const char* file = nullptr;
  int line = 0;
};

// Makes Caller's constructor impossible to call by accident.
struct CallerTag {};

// Default-argument carrier of the caller's location. Explicit, so that a
// string argument never converts to it.
struct Here {
  Location loc;
  explicit Here(const char* file = __builtin_FILE(), int line = __builtin_LINE()) : loc{file, line} {}
};

// Whether `os << x` compiles for a const X& x.
template <class X, class = void>
struct IsStreamable : std::false_type {};
template <class X>
struct IsStreamable<X, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const X&>())> >
    : std::true_type {};

// Go's fmt.Sprint of one operand.
template <class X>
std::string stringify(const X& x) {
  if constexpr (std::is_same_v<X, bool>) {
    return x ? "true" : "false";
  } else if constexpr (std::is_convertible_v<const X&, std::string_view>) {
    return std::string(std::string_view(x));
  } else {
    static_assert(IsStreamable<X>::value,
                  "cxxtest: a Log/Error/Fatal/Skip argument must be streamable with <<");
    std::ostringstream os;
    if constexpr (IsStreamable<X>::value) os << x;
    return os.str();
  }
}

// The first operand of Log/Error/Fatal/Skip plus the caller's location.
struct Message {
  std::string text;
  Location loc;
  template <class X, class = std::enable_if_t<!std::is_same_v<std::decay_t<X>, Message> > >
  Message(const X& x, const char* file = __builtin_FILE(), int line = __builtin_LINE())
      : text(stringify(x)), loc{file, line} {}
};

// The format string of Logf/Errorf/Fatalf/Skipf plus the caller's location,
// checked against the argument types A at compile time (printf_check.h).
template <class... A>
struct Format {
  const char* fmt;
  Location loc;
#if defined(__has_attribute) && __has_attribute(diagnose_if)
  Format(const char* f, const char* file = __builtin_FILE(), int line = __builtin_LINE())
      __attribute__((diagnose_if(printf_check::check<A...>(f) == printf_check::Result::BadConversion,
                                 "cxxtest: not a printf conversion in this format (printf has no %v or %q: "
                                 "use %d, %s, %g, %p...)",
                                 "warning")))
      __attribute__((diagnose_if(printf_check::check<A...>(f) == printf_check::Result::BadType,
                                 "cxxtest: an argument's type does not match its printf conversion in this "
                                 "format (%d takes an int, %ld a long or int64_t, %zu a size_t, %s a string, "
                                 "%g a double)",
                                 "warning")))
      __attribute__((diagnose_if(printf_check::check<A...>(f) == printf_check::Result::BadCount,
                                 "cxxtest: the number of arguments does not match this printf format",
                                 "warning")))
      : fmt(f), loc{file, line} {}
#else
  Format(const char* f, const char* file = __builtin_FILE(), int line = __builtin_LINE())
      : fmt(f), loc{file, line} {}
#endif
};

// Format<A...> where A is deduced from the other arguments only.
template <class X>
struct NonDeduced {
  using type = X;
};
template <class... A>
using FormatFor = typename NonDeduced<Format<A...> >::type;

// Adapts one printf argument: strings become const char*, scalars pass as is.
template <class X>
struct PrintfArg {
  static_assert(std::is_arithmetic_v<X> || std::is_pointer_v<X> || std::is_enum_v<X> ||
                    std::is_null_pointer_v<X>,
                "cxxtest: printf-style arguments must be scalars, pointers, "
                "std::string or std::string_view");
  X value;
  auto get() const {
    if constexpr (std::is_enum_v<X>) return static_cast<std::underlying_type_t<X> >(value);
    else return value;
  }
};
template <>
struct PrintfArg<std::string> {
  const std::string& value;
  const char* get() const { return value.c_str(); }
};
template <>
struct PrintfArg<std::string_view> {
  explicit PrintfArg(std::string_view v) : copy(v) {}
  std::string copy;  // NUL-terminated
  const char* get() const { return copy.c_str(); }
};

// The type an F::Add argument is stored as: string literals and char
// pointers as const char* (Kind String), everything else decayed.
template <class A>
using AddArg = std::conditional_t<std::is_same_v<std::decay_t<const A>, char*> ||
                                      std::is_same_v<std::decay_t<const A>, const char*>,
                                  const char*, std::decay_t<A> >;

// vsnprintf into a std::string.
std::string sprintf_string(const char* fmt, ...);

template <class... A>
std::string format(const char* fmt, const A&... args) {
  return sprintf_string(fmt, PrintfArg<std::decay_t<const A> >{args}.get()...);
}

template <class... A>
std::string join(std::string first, const A&... rest) {
  ((first += ' ', first += stringify(rest)), ...);
  return first;
}

}  // namespace internal

// The file:line of a call, for test helpers: a helper takes one as its last
// parameter, defaulted (`cxxtest::Caller caller = {}`), which then holds the
// line that called the helper (see TB::Helper).
class Caller {
 public:
  Caller(internal::CallerTag = {}, const char* file = __builtin_FILE(), int line = __builtin_LINE())
      : loc_{file, line} {}
  const char* file() const { return loc_.file; }
  int line() const { return loc_.line; }

 private:
  friend class TB;
  internal::Location loc_;
};

// What TB::Helper(Caller) returns: while it lives, messages logged through
// that test on this thread report the caller's location. Not copyable or
// movable: keep it in a local variable of the helper.
class [[nodiscard]] HelperScope {
 public:
  ~HelperScope();
  HelperScope(const HelperScope&) = delete;
  HelperScope& operator=(const HelperScope&) = delete;

 private:
  friend class TB;
  HelperScope(runtime::TestState* state, internal::Location caller);
  runtime::TestState* state_;
};

// TB holds what T and F share (Go's testing.common / testing.TB); helpers can
// take a TB& to work with both. The runner creates every T and F; each stays
// valid until the test binary's run ends, so cleanups and parallel subtests
// may capture `t` by reference.
class TB {
 public:
  TB(const TB&) = delete;
  TB& operator=(const TB&) = delete;

  // Log records text in the test's log (printed on failure or with -v).
  void Log(internal::Here here = internal::Here()) { log_at("Log", here.loc, ""); }
  template <class... A>
  void Log(internal::Message m, const A&... rest) {
    log_at("Log", m.loc, internal::join(std::move(m.text), rest...));
  }
  template <class... A>
  void Logf(internal::FormatFor<A...> f, const A&... args) {
    log_at("Logf", f.loc, internal::format(f.fmt, args...));
  }

  // Error is Log followed by Fail.
  void Error(internal::Here here = internal::Here()) { error_at("Error", here.loc, ""); }
  template <class... A>
  void Error(internal::Message m, const A&... rest) {
    error_at("Error", m.loc, internal::join(std::move(m.text), rest...));
  }
  template <class... A>
  void Errorf(internal::FormatFor<A...> f, const A&... args) {
    error_at("Errorf", f.loc, internal::format(f.fmt, args...));
  }

  // Fatal is Log followed by FailNow.
  [[noreturn]] void Fatal(internal::Here here = internal::Here()) { fatal_at("Fatal", here.loc, ""); }
  template <class... A>
  [[noreturn]] void Fatal(internal::Message m, const A&... rest) {
    fatal_at("Fatal", m.loc, internal::join(std::move(m.text), rest...));
  }
  template <class... A>
  [[noreturn]] void Fatalf(internal::FormatFor<A...> f, const A&... args) {
    fatal_at("Fatalf", f.loc, internal::format(f.fmt, args...));
  }

  // Skip is Log followed by SkipNow.
  [[noreturn]] void Skip(internal::Here here = internal::Here()) { skip_at("Skip", here.loc, ""); }
  template <class... A>
  [[noreturn]] void Skip(internal::Message m, const A&... rest) {
    skip_at("Skip", m.loc, internal::join(std::move(m.text), rest...));
  }
  template <class... A>
  [[noreturn]] void Skipf(internal::FormatFor<A...> f, const A&... args) {
    skip_at("Skipf", f.loc, internal::format(f.fmt, args...));
  }

  // Fail marks the test (and its parents) failed and lets it continue.
  void Fail();
  // FailNow marks the test failed and stops it (its cleanups still run).
  [[noreturn]] void FailNow();
  // SkipNow marks the test skipped and stops it.
  [[noreturn]] void SkipNow();
  bool Failed() const;
  bool Skipped() const;
  // Helper marks the calling function as a test helper (Go's t.Helper): the
  // messages logged while it runs (Log, Error, Fatal, Skip, ... here and in
  // the helpers it calls) report its caller's file:line instead of their
  // own. Go finds the caller on the stack; C++ cannot without debug info and
  // a symbolizer, so the helper receives its caller's location as a
  // defaulted last parameter and keeps the returned scope while it runs:
  //
  //   void expect_eq(cxxtest::T& t, int got, int want, cxxtest::Caller caller = {}) {
  //     auto helper = t.Helper(caller);
  //     if (got != want) t.Errorf("got %d, want %d", got, want);  // at the caller's line
  //   }
  //
  // When helpers nest, the outermost one's caller is reported, as Go skips
  // every helper frame. The scope covers messages to this test from this
  // thread only (a subtest the helper starts has its own lines).
  HelperScope Helper(Caller caller);
  // Without a Caller (Go's spelling) Helper does nothing, so ported code
  // compiles, and its messages keep their own lines.
  void Helper() const;

  // Cleanup registers fn to run after the test and all its subtests finish;
  // cleanups run last-registered first.
  void Cleanup(std::function<void()> fn);
  // TempDir returns a new empty directory on each call; all of them are
  // removed when the test finishes.
  std::string TempDir();
  // The test's full name, e.g. "TestX/sub_test".
  std::string Name() const;
  // Setenv sets an environment variable and restores it after the test.
  // Not allowed in parallel tests.
  void Setenv(const std::string& key, const std::string& value);
  // Chdir changes the process's working directory to `dir` (and $PWD, as Go
  // does) and changes both back when the test ends. It affects the whole
  // process, so, like Setenv, it fails a test that is (or whose parent is)
  // parallel, and Parallel fails after it. A bad `dir` is Fatal (at the
  // caller's line).
  void Chdir(const std::string& dir, internal::Here here = internal::Here());
  // The test's context, cancelled just before its cleanups run (see Context).
  cxxtest::Context Context();

 protected:
  explicit TB(runtime::TestState* state) : state_(state) {}
  runtime::TestState* state_;

 private:
  void log_at(const char* method, internal::Location loc, std::string_view text);
  void error_at(const char* method, internal::Location loc, std::string_view text);
  [[noreturn]] void fatal_at(const char* method, internal::Location loc, std::string_view text);
  [[noreturn]] void skip_at(const char* method, internal::Location loc, std::string_view text);
};

// T is the state of one test (Go's testing.T).
class T : public TB {
 public:
  explicit T(runtime::TestState* state) : TB(state) {}  // for the runner

  // Run runs fn as a subtest named `<Name()>/<name>` (spaces become `_`,
  // duplicates get `#01`, `#02`) and blocks until it finishes or calls
  // Parallel. Returns false if the subtest failed; true when it is filtered
  // out by -test.run/-test.skip or paused by Parallel.
  bool Run(std::string_view name, std::function<void(T&)> fn);
  // Parallel pauses the test until its parent's body returns, then runs it
  // alongside the other parallel tests (at most -test.parallel at a time).
  void Parallel();
  // The time -test.timeout expires; nullopt with -test.timeout=0.
  std::optional<std::chrono::system_clock::time_point> Deadline() const;
};

// Bytes("GIF89a") is a string's bytes as a std::vector<uint8_t>: the f.Add
// seed of a bytes parameter (std::vector<uint8_t>, std::span<const uint8_t>),
// as Go's []byte("GIF89a").
inline std::vector<uint8_t> Bytes(std::string_view s) { return {s.begin(), s.end()}; }

// F is the state of one fuzz test (Go's testing.F).
class F : public TB {
 public:
  explicit F(runtime::TestState* state) : TB(state) {}  // for the runner

  // Add adds one seed corpus entry; its values must match the parameters of
  // the function given to Fuzz (after the T&). String literals count as
  // std::string; a bytes parameter takes a std::vector<uint8_t> (Bytes).
  template <class... A>
  void Add(const A&... args) {
    static_assert((KindOf<internal::AddArg<A> >::supported && ...),
                  "cxxtest: F::Add argument of a type cxxtest cannot fuzz; see value.h");
    if constexpr ((KindOf<internal::AddArg<A> >::supported && ...))
      add_values({Value::of(static_cast<internal::AddArg<A> >(args))...});
  }

  // Dict adds tokens the fuzzer splices into byte and string arguments, like
  // the entries of testdata/fuzz/<FuzzXxx>.dict (which is read too). Call it
  // before Fuzz.
  void Dict(std::initializer_list<std::string_view> tokens);

  // Fuzz runs fn, `void(cxxtest::T&, P...)`, on every seed corpus entry (and,
  // with -test.fuzz, on generated inputs). Call it exactly once.
  template <class Fn>
  void Fuzz(Fn&& fn, internal::Here here = internal::Here()) {
    fuzz_with(internal::make_fuzz_function(std::forward<Fn>(fn)), here.loc);
  }

 private:
  void add_values(std::vector<Value> values);
  void fuzz_with(internal::FuzzFunction fn, internal::Location loc);
};

// M is what the package's TestMain gets (Go's testing.M). A test file may
// define one `void TestMain(cxxtest::M& m)` per package; the test binary then
// calls it instead of running the tests, in every mode (plain runs, -list,
// fuzzing and each fuzzing worker), after parsing its -test.* flags (so
// Short() and Verbose() already answer):
//
//   void TestMain(cxxtest::M& m) {
//     start_server();      // set-up
//     int code = m.Run();  // the tests, fuzz tests and fuzzing; 0 pass, 1 fail
//     stop_server();       // teardown
//   }                      // exits with `code` (or call std::exit yourself)
//
// When TestMain returns, the process exits with m.Run()'s code, or 0 if it
// never called it (Go 1.15 and later). A crash or -test.timeout in m.Run
// ends the process there, without the teardown, as in Go.
class M {
 public:
  explicit M(std::function<int()> run) : run_(std::move(run)) {}  // for the runner
  M(const M&) = delete;
  M& operator=(const M&) = delete;

  // Run runs the selected tests, then the fuzz tests' seed corpora, then
  // (with -fuzz) fuzzing, printing Go's output, and returns the exit code.
  // It runs them once: a second call returns the first one's code.
  int Run();

 private:
  friend struct internal::MainAccess;
  std::function<int()> run_;
  bool ran_ = false;
  int code_ = 0;
};

// LibFuzzerHarness is <cxxtest/libfuzzer.h>'s (a libFuzzer harness as a
// fuzz test). A call without that include lands here and says so; with
// it, its non-template overload is the better match and this is never
// instantiated.
template <class Missing = void>
void LibFuzzerHarness(F&) {
  static_assert(!std::is_same_v<Missing, Missing>,
                "cxxtest::LibFuzzerHarness needs #include <cxxtest/libfuzzer.h>");
}

}  // namespace cxxtest

#include <cxxtest/benchmark.h>  // B, PB, DoNotOptimize: after TB, which B extends

#endif  // __cplusplus >= 201703L
