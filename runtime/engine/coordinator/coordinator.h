// engine/coordinator/coordinator.h: the fuzzing coordinator (the test binary run with
// -test.fuzz), Go's internal/fuzz coordinator in one thread.
//
// run(), on the fuzzed target's F thread:
//  1. Loads the corpus: f.Add seeds, testdata/fuzz/<target>/, the cache dir
//     (corpus.h); an empty one gets Go's warning and a zero-value entry.
//  2. Starts -test.parallel workers through the WorkerLauncher it is given
//     (worker_link.h: processes in a real run, scripted fakes in
//     tests/unit/engine), each with its own shared memory and the shared
//     coverage mask.
//  3. Baseline: every loaded entry runs once on some worker; its coverage
//     goes into the mask. A failing seed stops the run ("failure while
//     testing seed corpus entry"); a failing cache entry is a crash.
//  4. Fuzzing: idle workers get an entry drawn by weight (plus a random
//     other entry to splice from) for a slice of at least 1,000
//     executions and a few milliseconds (kSliceNanos below) or their share
//     of -fuzztime=Nx. New coverage is confirmed against the mask, briefly
//     minimized on the worker that found it, written to the cache dir at once, merged
//     and queued. A failure ends the loop.
//  5. A crash is minimized here, one candidate per RunOnce command, on the
//     worker that found it, restarting it whenever a candidate kills it; a
//     candidate counts only if it fails the same way (failure.h). Then it is
//     written to testdata/fuzz/<target>/ and reported in f's log.
// Progress lines go to stderr every 3 s and at the end (progress.h). The run
// ends on the time or count limit (passing), SIGINT or SIGTERM (passing, corpus kept),
// a crash or an error (f fails).
#pragma once

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/coordinator/corpus.h"
#include "engine/coordinator/exec_budget.h"
#include "engine/coordinator/progress.h"
#include "engine/coordinator/worker_link.h"
#include "engine/shared/auto_dict.h"
#include "engine/shared/failure.h"
#include "flags/duration.h"
#include "testing/fuzz_target.h"
#include "testing/test_state.h"

namespace cxxtest::runtime::engine {

struct CoordinatorOptions {
  size_t mask_size = 0;     // bytes of coverage mask (coverage.h mask_size()); 0: no coverage guidance
  Nanos fuzz_duration = 0;  // -fuzztime as a duration (0: none)
  int64_t fuzz_count = 0;   // -fuzztime as Nx (0: none)
  Nanos minimize_duration = 60 * kSecond;
  int64_t minimize_count = 0;  // both 0: minimization off
  // A new-coverage input is minimized for at most this long (and never
  // longer than minimize_duration), and with at most kNewInputMinimizeExecs
  // executions: libFuzzer keeps such inputs as they are, Go gives each the
  // whole -fuzzminimizetime, which on a slow target (a regex taking 100 ms)
  // stalled the only worker for a minute. Failures keep minimize_duration.
  Nanos new_input_minimize_cap = kSecond / 10;
  // A libFuzzer harness's custom mutator makes every mutation (structure
  // aware: checksums, lengths, compression kept right): its new inputs are
  // kept as found, as libFuzzer keeps them, since byte-level minimization
  // would store inputs the mutator never makes (fuzzer-test-suite's
  // png_mutator.h: 84 of 471 entries with broken chunk CRCs).
  bool structured = false;
  int64_t parallel = 1;
  std::filesystem::path cache_dir;  // <-fuzzcachedir>/<target>
  std::string package = ".";        // for the re-run hint, after any build flags (-asan ./p)
  std::string needs;             // those build flags ("-asan"): a reproducer's `// needs:` line (corpus_v1.h)
  Nanos timeout = 25 * kSecond;  // -fuzztimeout (flags.def)
  int64_t rss_limit_mb = 2048;   // -fuzzrsslimit
  size_t max_len = 0;            // -fuzzmaxlen (0: max_len_for's default)
  uint64_t seed = 0;
  // The seed was given (-fuzzseed, CXXTEST_FUZZSEED): with one worker the
  // run is made repeatable, every command bounded by executions instead of
  // time (see repeatable()).
  bool seed_given = false;
  bool verbose = false;
  // -fuzzkeepgoing: after a failure is reported (and its reproducer
  // written), fuzzing goes on; a failure with the signature of one already
  // reported (failure_signature) is counted, not reported again.
  bool keep_going = false;
  // -fuzzminimizecorpus: run the baseline only, generated inputs smallest
  // first, and delete from the cache dir each one that brought no counter
  // the inputs before it had not (libFuzzer's -merge=1, afl-cmin): the
  // kept ones cover exactly what all did. One worker, so the order (and
  // what is kept) is the same every time.
  bool minimize_corpus = false;
  std::string label;  // the target's name when several are fuzzed in turn (progress.h labeled)  // -v: name
                      // unstable counters, say what the workers did (progress.h Activity)
};

// The longest mutation may make a []byte or string value: -fuzzmaxlen
// (`flag`), or when it is 0, the larger of kDefaultMaxLen and the longest
// such value in the corpus at the start (`largest`), as libFuzzer's -max_len.
// Go sets no limit of its own (100 MiB); with long copies among the ops
// (InsertPart), inputs of a target that reads them all would otherwise keep
// doubling in size and each run slower.
inline constexpr size_t kDefaultMaxLen = 4096;
inline size_t max_len_for(size_t flag, size_t largest) {
  return flag > 0 ? flag : std::max(kDefaultMaxLen, largest);
}

// The limit mutation works under grows, as libFuzzer's -len_control=100:
// it starts at the longest byte value in the corpus (at least
// kFirstLenLimit) and grows by log2 of itself whenever kLenControl *
// log2(limit) executions in a row added nothing to the corpus, up to
// max_len_for's limit. Short inputs first run faster and keep each
// mutation's effect visible; a target that reads every byte otherwise
// drifts to long, slow inputs early (the INI toy's mean was 892 bytes
// against libFuzzer's 215).
inline constexpr size_t kFirstLenLimit = 4;
inline constexpr int64_t kLenControl = 100;
inline size_t floor_log2(size_t x) { return x == 0 ? 0 : size_t(63 - __builtin_clzll(x)); }
// The limit after `quiet` executions without a corpus update; `quiet` is
// left holding those not used up by growing (each step needs more than
// kLenControl * log2(limit) of them, as libFuzzer checks before each run).
inline size_t grown_len_limit(size_t limit, size_t max, int64_t& quiet) {
  while (limit < max && quiet > kLenControl * int64_t(floor_log2(limit))) {
    quiet -= kLenControl * int64_t(floor_log2(limit)) + 1;
    limit = std::min(max, limit + std::max<size_t>(1, floor_log2(limit)));
  }
  return limit;
}

// How long one Fuzz command runs. Each command fuzzes one corpus entry,
// drawn by weight (corpus.h), so short commands let the draw have its say
// often: Go's 100 ms commands reached 3-10% fewer edges on Boost.JSON than
// these, and no more elsewhere (bench/README.md, "Fuzz command length").
// A command ends after slice_execs executions: at least kSliceExecs, so a
// slow entry gets as many mutations as a fast one, and at least
// kSliceMinNanos at the worker's rate, so a fast target does not spend its
// time in round trips (tens of us each). Once it has run kSliceExecs, it
// also ends after kSliceNanos (the worker's coarse clock: 4-8 ms on a
// 250 Hz kernel), and it never runs past kSliceCapNanos, so that on a
// slow target (a millisecond an execution) the draw still picks often. A
// long entry of a parser, 10-20 us an execution, was cut at 8 ms to a few
// hundred mutations, and the corpus drifted to short inputs
// (bench/README.md, "Long inputs"). A repeatable() run asks for
// kSliceExecs with no time limit, and caps the command by the compares its
// executions make (kSliceCapCmps), which repeat when the run does: about
// kSliceCapNanos of instrumented code (worker/cmp_table.h). Without that
// cap a slow target's long mutants took whole seconds of 1,000 executions
// each and OpenSSL's BN bug was found in 0 of 4 repeatable runs against 4
// of 5 default ones (bench/README.md, "Repeatable mode on a slow target").
inline constexpr Nanos kSliceNanos = 8'000'000;
inline constexpr Nanos kSliceCapNanos = 32'000'000;
inline constexpr uint64_t kSliceCapCmps = 3'000'000;
inline constexpr int64_t kSliceExecs = 1000;
inline constexpr int64_t kSliceMinNanos = 4'000'000;
inline int64_t slice_execs(double execs_per_second) {
  double at_rate = execs_per_second * double(kSliceMinNanos) / 1e9;
  return std::max(kSliceExecs, int64_t(std::min(at_rate, 1e9)));
}
// A worker's rate after a command of `count` executions in `nanos`: a
// moving average, so one slice of unusually slow inputs moves it a quarter.
inline double next_rate(double rate, uint64_t count, int64_t nanos) {
  if (nanos <= 0 || count == 0) return rate;
  double now = double(count) * 1e9 / double(nanos);
  return rate == 0 ? now : rate + (now - rate) / 4;
}

// Slow inputs while fuzzing (coordinator_slow.cpp). A fuzzing execution
// that runs slow_cap_for() is cut (Command::cut_nanos): the worker records
// where it was and exits, and is started again. The first cut at a place
// (the innermost return addresses in the program), and then the 2nd,
// 4th, 8th... there, is run again at once in the fresh process with the
// whole -fuzztimeout: there it fails as a hang (that run is the fresh
// re-run handle_crash would make) or ends, and fuzzing goes on; the other
// cuts cost the cap only. Those runs take at most a tenth of the workers'
// time since fuzzing began (kCheckShare; the first is always made), and
// none is made once a hang was reported under -fuzzkeepgoing: every later
// one would only be counted as found again. A recursion is cut at many
// places (libexif's, in whichever of its callees the watchdog found it),
// and its inputs ran 5-25 s each, so the places alone did not bound it.
// An input that ends past the cap is not kept (AFL++ keeps no timeout in its
// queue): its mutants would be as slow.
// AFL++ caps an execution at a timeout calibrated from its seeds (20 ms on
// libexif) and never waits; cxxtest's only worker waited out each of
// libexif's slow recursions to its end (5-25 s, 16-23 a run) and a hang
// for the whole -fuzztimeout twice: 110 s of a 180 s run (bench/README.md,
// "libexif under -fuzzkeepgoing"). Running every cut input to its end in a
// process beside the workers gained nothing: on libexif that process was
// busy most of the run.
// The cap: kSlowCapSeedTimes times the seeds' median execution, at least
// kSlowCapMin; none when that is over half of -fuzztimeout, nor in a
// repeatable() run (a cut depends on the clock), nor without coverage.
// The median, not the slowest: a slow reproducer in testdata (libexif's
// hang, 4 s) would set it.
inline constexpr Nanos kSlowCapMin = kSecond;
inline constexpr int64_t kSlowCapSeedTimes = 20;
inline Nanos slow_cap_for(Nanos median_seed, Nanos timeout) {
  Nanos cap = std::max(kSlowCapMin, kSlowCapSeedTimes * median_seed);
  return timeout > 0 && 2 * cap <= timeout ? cap : 0;
}
// Whether the n-th cut at a place (n from 1) runs again with the whole
// -fuzztimeout: the 1st, 2nd, 4th, 8th...
inline bool check_cut(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }
// Whether another cut input may run with the whole -fuzztimeout, after
// runs of `checking` in all, `fuzzing` into fuzzing with `workers`.
inline constexpr int64_t kCheckShare = 10;
inline bool check_affordable(Nanos checking, Nanos fuzzing, int64_t workers) {
  return checking == 0 || checking * kCheckShare <= fuzzing * std::max<int64_t>(1, workers);
}

// A new-coverage input is minimized with at most this many executions (and
// for at most new_input_minimize_cap, or a repeatable() run's
// kNewInputMinimizeCapCmps): the
// large cuts that make it cheap to run, not every byte. Minimized to the
// end, a long input that found something local was cut down to it, and
// the corpus lost the long inputs some code needs (Boost.JSON's serializer
// past its 4,096-byte buffer: bench/README.md, "Long inputs"); libFuzzer
// keeps new inputs whole.
inline constexpr int64_t kNewInputMinimizeExecs = 256;
// A repeatable() run's stand-in for new_input_minimize_cap's 100 ms, in
// compares (as kSliceCapCmps).
inline constexpr uint64_t kNewInputMinimizeCapCmps = 10'000'000;
// Executions new-input minimization may always use, before its share of a
// tenth of all executions applies (coordinator_events.cpp).
inline constexpr int64_t kMinimizeHeadStart = 5000;

class Coordinator {
 public:
  // Workers come from `launcher`, which must outlive the coordinator.
  Coordinator(TestState& f, const FuzzTarget& target, CoordinatorOptions opts, WorkerLauncher& launcher);
  ~Coordinator();
  void run();

 private:
  enum class State { Off, Starting, Initializing, Idle, Busy };
  enum class Stop { None, Limit, Interrupt, Crash, Error };
  struct Slot {
    std::unique_ptr<WorkerLink> link;
    State state = State::Off;
    Op op = Op::Init;
    int64_t granted = 0;
    size_t entry = 0;
    uint64_t stream = 0;
    uint64_t seen_count = 0;      // its execution count when last looked at (input_running_for)
    int64_t seen_since = 0;       // since when it has been that; 0: not looked at in this command
    int64_t noted_since = 0;      // the seen_since of the slow input last said (note_slow_inputs)
    double execs_per_second = 0;  // its worker's fuzzing rate (next_rate), 0 until known
    // A cut input to run with the whole -fuzztimeout once the worker is
    // started again (after_cut); `checking` while that run is under way.
    std::optional<std::vector<Value>> to_check;
    bool checking = false;
  };
  struct Crash {
    size_t slot = 0;
    std::vector<Value> input;
    Failure failure;
    std::string output;  // what the process wrote while the input failed (WorkerLink::output)
    // Run again in a fresh process already (resume_after_unreproduced), and
    // what that run did: a hang's re-run costs the whole -fuzztimeout.
    bool rerun = false;
    Failure rerun_failure;
    std::string rerun_output;
  };
  // -fuzzkeepgoing (coordinator_crash.cpp): reports the crash just handled,
  // restarts its worker and clears it; false when the run should end.
  bool keep_going_after_crash();
  // -fuzzminimizecorpus, after the baseline: deletes the redundant entries.
  void finish_corpus_minimization();

  // coordinator.cpp: set-up, the event loop, dispatching.
  bool load_corpus();
  bool start_workers();
  void loop();
  void dispatch();
  bool dispatch_one(Slot& s);
  void send_baseline(Slot& s, uint64_t runs);  // runs >= 2: calibrate
  void send_fuzz(Slot& s);
  // A given seed and one worker: the same inputs in the same order every
  // time. Fuzz slices and new-input minimization are then bounded by
  // executions, not by the clock, so nothing depends on the machine's speed.
  bool repeatable() const { return opts_.seed_given && slots_.size() == 1; }
  void wait_events(int timeout_ms);
  void check_hung_workers();
  Nanos input_running_for(Slot& s, int64_t t);
  void note_slow_inputs(int64_t t);  // slow_input_line, once per input
  void stop_workers();
  bool start_worker(Slot& s);

  // coordinator_events.cpp: replies and deaths.
  void on_readable(size_t i);
  void on_reply(size_t i, const Reply& r);
  void on_death(size_t i);
  void on_baseline(size_t i, const Reply& r);
  void on_fuzz(size_t i, const Reply& r);
  void on_minimize(size_t i, const Reply& r);
  void new_coverage(size_t i);
  void accept(std::vector<Value> values, const uint8_t* snap);
  void write_accepted();
  void reduce_entry(size_t e, std::vector<Value> input);
  void found_crash(size_t i, Failure f);
  // A seed or testdata entry failed its baseline run: the run stops (Go),
  // or with -fuzzkeepgoing the failure is shown and the entry left out.
  void seed_failed(size_t entry, const Failure& f, const std::string& output);
  void baseline_entry_done();  // one more baseline entry ran (or failed, kept going)
  void error(const std::string& text);
  std::vector<Value> current_input(const Slot& s);
  void write_original(Slot& s, const std::vector<Value>& values, const std::vector<Value>* partner);

  // coordinator_slow.cpp: slow inputs while fuzzing (see kSlowCapMin).
  Nanos slow_cap() const;
  // In on_death: a worker that cut its input (kind Slow) is started again,
  // with that input to check if check_cut and check_affordable say so.
  void after_cut(size_t i, State was);
  // -fuzzkeepgoing reported a hang: any other is only found again.
  bool hang_reported() const;
  // Sends the check: the cut input's one run (a Baseline command). False
  // when the execution budget has none left.
  bool send_check(Slot& s);
  void on_check(size_t i, const Reply& r);
  // The check failed (its worker replied so, or died).
  void check_failed(size_t i, Failure f);

  // coordinator_crash.cpp: minimizing and reporting a crash.
  void handle_crash();
  // Runs the crash's input in a fresh worker process (the re-run command's
  // semantics): once, or for a leak (kLeakReruns) or in a -race build
  // (kRaceReruns) several times until it fails the same way; *got is what
  // the last run did and *output (if given) what it wrote. False if it
  // could not run.
  bool rerun_fresh(const Crash& c, Failure* got, std::string* output);
  bool confirm_minimized_hang(const Crash& c, const std::vector<Value>& minimized, Failure* last,
                              std::string* said);
  // A memory or time failure that a fresh process does not repeat was the
  // worker's (memory grown over many inputs), not the input's: keeps the
  // input aside, says so, and lets fuzzing go on. True when it did.
  bool resume_after_unreproduced();
  void keep_unreproduced(const std::vector<Value>& input, const Failure& f, const std::string& why);
  // *output (if given): what the process wrote while the candidate ran.
  bool run_candidate(Slot& s, const std::vector<Value>& input, Failure* out, std::string* output = nullptr);
  bool ensure_running(Slot& s);
  bool wait_reply(Slot& s, Reply& r);
  // Writes the reproducer and the report; returns the file's name ("" if it
  // could not be written).
  std::string report_crash(const std::vector<Value>& input, const Failure& f, const std::string& output);
  // The report of a failure `f` whose fresh re-run passed or failed another
  // way (`again`): the input goes to unreproduced/, not testdata.
  void report_unreproduced(const std::vector<Value>& input, const Failure& f, const Failure& again);

  // coordinator_progress.cpp
  void log_progress();
  void log_final();
  int64_t execs_now() const;
  // The edge counters the mask says accepted inputs reach (nonzero bytes),
  // and how many there are (the stack-depth steps are not edges).
  size_t covered_counters() const;
  size_t edge_counters() const;
  uint64_t mean_entry_bytes() const;  // -v: the entries' byte values averaged
  int64_t now() const;

  TestState& f_;
  const FuzzTarget& target_;
  CoordinatorOptions opts_;
  WorkerLauncher& launcher_;
  ExecBudget budget_;
  AutoDict auto_dict_;  // learned tokens that found coverage (auto_dict.h)
  Corpus corpus_;
  size_t max_len_ = 0;           // the longest mutation makes a byte value (max_len_for)
  size_t len_limit_ = 0;         // the limit for now, growing to max_len_ (grown_len_limit)
  int64_t len_quiet_from_ = 0;   // executions done when the corpus (or len_limit_) last changed
  std::deque<size_t> baseline_;  // entries still to send for the baseline
  int64_t baseline_total_ = 0, baseline_done_ = 0;
  bool coverage_ = false;
  bool baseline_complete_ = false;
  bool stability_asked_ = false;                                   // the first baseline input calibrates
  bool leak_note_shown_ = false;                                   // "leak checks stopped", said once
  uint64_t stable_hit_ = 0, stable_differ_ = 0, stable_runs_ = 0;  // counters hit / differing, runs
  std::vector<uint32_t> unstable_;                                 // their mask indices, under -v
  bool minimizing_crash_ = false;
  // While a hang is minimized: how long a candidate may run before it
  // counts as hanging too (hang_probe: 1s); 0: -fuzztimeout, as always.
  Nanos candidate_limit_ = 0;
  int resumed_ = 0;  // resume_after_unreproduced() successes this run
  int64_t new_interesting_ = 0;
  std::vector<size_t> redundant_;           // -fuzzminimizecorpus: cache entries that added nothing
  std::vector<std::string> reported_;       // -fuzzkeepgoing: signatures of the failures reported
  int64_t repeats_ = 0;                     // -fuzzkeepgoing: failures seen again
  std::vector<Nanos> seed_times_;           // each passing seed's execution (slow_cap)
  Nanos median_seed_ = 0;                   // theirs, once the baseline is done
  std::map<std::string, int64_t> cuts_at_;  // inputs cut at each place (cut_place())
  Nanos checking_ = 0;                      // the checks' time so far
  int64_t fuzzing_since_ = 0;               // when the baseline ended
  int64_t new_input_minimize_execs_ = 0;    // executions spent minimizing new-coverage inputs
  Activity activity_;                       // since the last progress line
  std::vector<size_t> unwritten_;           // accepted entries whose files are not written yet
  std::vector<std::string> superseded_;     // cache files of reduced entries, removed after the next writes
  size_t mask_size_ = 0;
  uint8_t* mask_ = nullptr;
  int mask_fd_ = -1;
  std::vector<uint8_t> scratch_;
  std::vector<Slot> slots_;
  std::optional<Crash> crash_;
  Stop stop_ = Stop::None;
  std::mt19937_64 rng_;
  int64_t start_ = 0, deadline_ = 0;
  int64_t last_log_ = 0, last_log_execs_ = 0;
  std::string last_line_;  // the last progress line printed
  std::string report_;     // the failure text for f's log, once the run is over
};

// Builds the options from the -test.* flags and runs the coordinator.
void coordinate(TestState& f, const FuzzTarget& target);

}  // namespace cxxtest::runtime::engine
